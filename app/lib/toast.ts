import type {ExternalToast, toast as sonnerToast} from 'sonner';

/**
 * The staff's toasts: sonner's `toast`, which the toaster hands over when its code is there (app/ui/AppToaster.tsx,
 * fetched just after the page): sonner's code (9 kB) is not the first screen's (issue 35). A toast sent before then
 * waits for it, and calls keep their order. A toast's id is given here when the caller gives none, so the caller has
 * it at once, as from sonner's own `toast`. A public page, which has no toaster, uses app/ui/notify.ts.
 */
type Sonner = typeof sonnerToast;
type Kind = 'message' | 'success' | 'error' | 'info';

let sonner: Sonner | undefined;
const waiting: ((toast: Sonner) => void)[] = [];

/** The toaster's code is there (app/ui/AppToaster.tsx): the toasts sent meanwhile go out, and every later one at once. */
export function toasterReady(toast: Sonner) {
  sonner = toast;
  for (const send of waiting.splice(0)) send(toast);
}

const withSonner = (use: (toast: Sonner) => void) => (sonner ? use(sonner) : void waiting.push(use));

let count = 0;
const idOf = (options?: ExternalToast) => options?.id ?? `toast-${++count}`;

const send =
  (kind: Kind) =>
  (message: string, options?: ExternalToast): string | number => {
    const id = idOf(options);
    withSonner(toast => toast[kind](message, {...options, id}));
    return id;
  };

export const toast = {
  /** A plain toast (sonner's `toast()`). */
  message: send('message'),
  success: send('success'),
  error: send('error'),
  info: send('info'),
  custom(draw: Parameters<Sonner['custom']>[0], options?: ExternalToast): string | number {
    const id = idOf(options);
    withSonner(toast => toast.custom(draw, {...options, id}));
    return id;
  },
  dismiss(id?: string | number): void {
    withSonner(toast => toast.dismiss(id));
  },
};
