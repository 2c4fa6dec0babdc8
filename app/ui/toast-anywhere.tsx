import {flushSync} from 'react-dom';
import {createRoot} from 'react-dom/client';
import {toast} from 'sonner';
import {AppToaster, toasterDrawn} from './AppToaster.tsx';

/**
 * Sonner's `toast`, once a toaster is on the page: a page without one (a public page) gets the app's, in a root of
 * its own. Drawn synchronously, effects and all, so the toaster listens before the first toast is sent.
 */
export function toastWithToaster(): typeof toast {
  if (!toasterDrawn()) {
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    flushSync(() => root.render(<AppToaster />));
  }
  return toast;
}
