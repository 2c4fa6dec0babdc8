import {createContext, useContext, useLayoutEffect, useState, useSyncExternalStore, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {publishBarHeight} from './SaveBar.tsx';

/** Below tailwind's lg: where the side menu is a drawer and styles.css grows every tap target to 44 px. */
const PHONE = '(width < 64rem)';

const subscribe = (onChange: () => void) => {
  const query = matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the screen is a phone's (or a tablet's) by the layout's breakpoint. */
export const useOnPhone = () =>
  useSyncExternalStore(
    subscribe,
    () => matchMedia(PHONE).matches,
    () => false,
  );

/** False inside a page the shell keeps mounted but hidden (shell/KeptOutlet.tsx): its actions leave the bar. */
export const PageShown = createContext(true);

const BAR_CLASS =
  'fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur *:flex-1 print:hidden';

/** The one bar every PhoneActions on the screen shares: made for the first, removed after the last. */
let bar: {element: HTMLDivElement; users: number; stop: () => void} | undefined;

function useBar(wanted: boolean) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useLayoutEffect(() => {
    if (!wanted) return;
    if (!bar) {
      const made = document.createElement('div');
      made.className = BAR_CLASS;
      made.dataset.testid = 'phone-actions';
      made.dataset.phoneActions = '';
      document.body.append(made);
      bar = {element: made, users: 0, stop: publishBarHeight(made)};
    }
    bar.users++;
    setElement(bar.element);
    return () => {
      setElement(null);
      if (bar && --bar.users === 0) {
        bar.stop();
        bar.element.remove();
        bar = undefined;
      }
    };
  }, [wanted]);
  return wanted ? element : null;
}

/**
 * A page's primary actions where a thumb reaches them (issue 35): on a phone they move to a bar fixed
 * to the bottom of the screen, shared by every such group on the screen (a card's "edit" and its
 * timeline's "new activity" side by side); from lg up they stay where they are written. The bar
 * publishes its height as the save bar does, so toasts, the call prompt and fields scrolled into view
 * keep clear of it, and the page ends above it (styles.css).
 */
export function PhoneActions({children}: {children: ReactNode}) {
  const phone = useOnPhone();
  const shown = useContext(PageShown);
  const element = useBar(phone && shown);
  if (!phone) return children;
  return element ? createPortal(children, element) : null;
}
