import {useEffect} from 'react';
import {toast, Toaster} from 'sonner';
import {getLocale, getTextDirection} from '../paraglide/runtime.js';
import {toasterReady} from '../lib/toast.ts';
import * as m from '../paraglide/messages.js';

// The staff's toasts (app/lib/toast.ts) go out through sonner once this code is there.
toasterReady(toast);

/** How many toasters are on the page: a public page's first toast draws one (app/ui/toast-anywhere.tsx) only where none is. */
let drawn = 0;
export const toasterDrawn = () => drawn > 0;

/**
 * The app's toasts. Above a form's save bar, when one is shown (app/ui/SaveBar.tsx); sonner's own gaps otherwise.
 * Expanded: each toast shows whole, one above another, so a new "saved" never lies over a reminder's buttons
 * (issue 31).
 */
export function AppToaster() {
  useEffect(() => {
    drawn += 1;
    return () => {
      drawn -= 1;
    };
  }, []);
  return (
    <Toaster
      dir={getTextDirection(getLocale())}
      position="bottom-center"
      expand
      visibleToasts={5}
      offset={{bottom: 'calc(var(--save-bar-height, 0px) + 24px)'}}
      mobileOffset={{bottom: 'calc(var(--save-bar-height, 0px) + 16px)'}}
      containerAriaLabel={m.toasts_label()}
      richColors
      closeButton
      className="print:hidden"
    />
  );
}
