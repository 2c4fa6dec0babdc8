import type {ExternalToast, toast as sonnerToast} from 'sonner';

/**
 * The staff's toasts: sonner's `toast`, with sonner's code (9 kB) fetched with the first toast, not with the first
 * screen (issue 35; app/main.tsx draws the toaster just after the page, which fetches it too). Calls keep their
 * order: each waits for the same import. A toast's id is given here when the caller gives none, so the caller has
 * it at once, as from sonner's own `toast`. A public page, which has no toaster, uses app/ui/notify.ts.
 */
type Sonner = typeof sonnerToast;
type Kind = 'message' | 'success' | 'error' | 'info';

let sonner: Promise<Sonner> | undefined;
const withSonner = (use: (toast: Sonner) => void) => void (sonner ??= import('sonner').then(module => module.toast)).then(use);

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
