import * as m from '../paraglide/messages.js';

/**
 * The shell's footer (spec §2 Layout). Its end corner stays free: at the end of a page the jump-up
 * arrow (ScrollJumps, fixed at the screen's end corner) rests there, over nothing.
 */
export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white/60 print:hidden">
      <div className="mx-auto flex max-w-[90rem] flex-wrap items-center justify-between gap-2 py-4 ps-4 pe-16 text-xs text-slate-500 sm:ps-6">
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
