import {clsx} from 'clsx';
import * as m from '../paraglide/messages.js';

/**
 * The branded loading state (issue 31 point 7): what a screen shows while its code or its data is on
 * its way, never a blank page. One component in three sizes:
 * - `screen` fills the window with the brand, as the boot screen in index.html does (a route outside the
 *   shell, or the shell itself, before it can draw anything);
 * - `page` (the default) sits in a page's content area: the logo over a spinner and "loading";
 * - `small` is one line inside a panel (a dashboard box, a side list).
 * Inside a page it appears after a moment, so a result that comes at once does not flash it. Screen
 * readers hear "loading" once, politely.
 */
export function Loading({size = 'page', className}: {size?: 'screen' | 'page' | 'small'; className?: string}) {
  if (size === 'small') {
    return (
      <p
        role="status"
        className={clsx('flex animate-loading-in items-center gap-2 py-2 text-sm text-slate-500', className)}
        data-testid="loading"
      >
        <Spinner className="size-4 border-2" />
        {m.loading()}
      </p>
    );
  }
  if (size === 'screen') {
    return (
      <div
        role="status"
        className={clsx(
          'fixed inset-0 z-50 flex flex-col items-center justify-center gap-5 bg-gradient-to-b from-brand-700 to-brand-800 text-white/80',
          className,
        )}
        data-testid="loading"
        data-size="screen"
      >
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <Spinner className="size-7 border-3" onBrand />
        <span className="text-sm">{m.loading()}</span>
      </div>
    );
  }
  return (
    <div
      role="status"
      className={clsx(
        'flex animate-loading-in flex-col items-center justify-center gap-3 py-16 text-sm text-slate-500',
        className,
      )}
      data-testid="loading"
      data-size="page"
    >
      <img src="/favicon.svg" alt="" width={40} height={40} className="opacity-90" />
      <Spinner className="size-6 border-3" />
      <span>{m.loading()}</span>
    </div>
  );
}

/** A ring turning once a second (still for those who ask for reduced motion); white on the brand background. */
function Spinner({className, onBrand = false}: {className: string; onBrand?: boolean}) {
  return (
    <span
      className={clsx(
        'inline-block shrink-0 animate-spin rounded-full motion-reduce:animate-none',
        onBrand ? 'border-white/25 border-t-white' : 'border-brand-100 border-t-brand-700',
        className,
      )}
      aria-hidden
    />
  );
}
