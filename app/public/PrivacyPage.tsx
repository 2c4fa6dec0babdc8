import {usePageTitle} from '../ui/page-title.ts';
import {LanguageSwitcher} from '../ui/LanguageSwitcher.tsx';
import {currentLocale} from '../i18n.ts';
import {PRIVACY_SECTIONS} from './privacy-text.ts';
import * as m from '../paraglide/messages.js';

/** Spec §2 "privacy-and-terms": the Hebrew text, readable by anyone, signed in or not. */
export function PrivacyPage() {
  usePageTitle(m.privacy_title());
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="bg-brand-700 text-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-6 py-4">
          <a href="/" className="flex items-center gap-2.5">
            <img src="/favicon.svg" alt="" className="size-8" />
            <span className="text-lg font-semibold">{m.app_title()}</span>
          </a>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-10">
        <h1 className="text-3xl font-semibold text-slate-900">{m.privacy_title()}</h1>
        {currentLocale() !== 'he' && <p className="mt-2 text-sm text-slate-500">{m.privacy_hebrew_only()}</p>}
        <article
          lang="he"
          dir="rtl"
          className="mt-8 space-y-7 rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
          data-testid="privacy"
        >
          {PRIVACY_SECTIONS.map(s => (
            <section key={s.title}>
              <h2 className="mb-2 text-lg font-semibold text-slate-900">{s.title}</h2>
              <p className="leading-relaxed text-slate-700">{s.body}</p>
            </section>
          ))}
        </article>
      </main>
    </div>
  );
}
