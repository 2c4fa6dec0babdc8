/**
 * A toast from a page outside the staff's app (the self-user's pages), or a screen the self-user shares with it:
 * sonner and its toaster (9 kB) are fetched with the first toast and drawn then where the page has none (issue 35:
 * a public page loads no script it does not use). The staff's app, which has sonner from the start, calls its
 * `toast` itself.
 */
export function notify(kind: 'success' | 'error', text: string): void {
  void import('./toast-anywhere.tsx').then(({toastWithToaster}) => toastWithToaster()[kind](text));
}
