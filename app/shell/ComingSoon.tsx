import {Link} from '@tanstack/react-router';
import {Hammer} from 'lucide-react';
import {clsx} from 'clsx';
import {usePageTitle} from '../ui/page-title.ts';
import type {Section} from './sections.ts';
import * as m from '../paraglide/messages.js';

/** A section whose screen is not built yet: said plainly, with a way back, never a blank page. */
export function ComingSoon({section}: {section: Section}) {
  usePageTitle(section.title());
  const Icon = section.icon;
  return (
    <section className="mx-auto max-w-xl py-16 text-center" data-testid="coming-soon">
      <div className="relative mx-auto mb-6 flex size-20 items-center justify-center rounded-3xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon className="size-9" aria-hidden />
        <span className="absolute -end-2 -bottom-2 flex size-9 items-center justify-center rounded-full bg-gold-100 text-amber-700 ring-4 ring-slate-50">
          <Hammer className="size-4" aria-hidden />
        </span>
      </div>
      <h1 className="text-2xl font-semibold text-slate-900">{section.title()}</h1>
      <p className="mt-2 text-slate-500">{m.coming_soon_text()}</p>
      <Link
        to="/home"
        className="mt-6 inline-block rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
      >
        {m.coming_soon_back()}
      </Link>
    </section>
  );
}

/** The mark of a link to a section whose screen is not built yet: in the menu (menu.ts comingSoon) and the bell. */
export function ComingSoonTag({className}: {className?: string}) {
  return (
    <span
      className={clsx(
        'shrink-0 rounded-full bg-slate-100 px-1.5 py-0.5 text-[10px] leading-none font-medium whitespace-nowrap text-slate-600',
        className,
      )}
      data-testid="coming-soon-tag"
    >
      {m.coming_soon_badge()}
    </span>
  );
}
