import * as m from '../paraglide/messages.js';

/** The shell's footer (spec §2 Layout). */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white/60 print:hidden">
      <div className="mx-auto flex max-w-[90rem] flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-slate-500 sm:px-6">
        <span>
          © {new Date().getFullYear()} {m.app_title()} · {m.footer_text()}
        </span>
        <a href="/privacy-and-terms" className="hover:text-brand-700 hover:underline">
          {m.login_privacy_link()}
        </a>
      </div>
    </footer>
  );
}
