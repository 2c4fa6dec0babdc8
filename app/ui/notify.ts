/**
 * A toast from a page outside the staff's app (the self-user's pages): sonner (9 kB) is fetched with the toaster
 * after the page is drawn (app/main.tsx, pages marked `toasts`), so these pages do not wait for it (issue 35). The
 * staff's app, which has sonner from the start, calls its `toast` itself.
 */
export function notify(kind: 'success' | 'error', text: string): void {
  void import('sonner').then(({toast}) => toast[kind](text));
}
