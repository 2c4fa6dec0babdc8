import {useLayoutEffect, useRef, type ReactNode} from 'react';

/**
 * Publishes a bar's height, while it is shown, as --save-bar-height on the document, so toasts (app/main.tsx)
 * and the call prompt sit above it and a field scrolled into view is not left under it (styles.css).
 * Returns what stops it. Used by the save bar and the phone's action bar (PhoneActions.tsx).
 */
export function publishBarHeight(element: HTMLElement): () => void {
  const root = document.documentElement.style;
  const observer = new ResizeObserver(([entry]) =>
    root.setProperty('--save-bar-height', `${entry?.borderBoxSize[0]?.blockSize ?? 0}px`),
  );
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.removeProperty('--save-bar-height');
  };
}

/** A long form's save bar, fixed to the bottom of the window, its height published (publishBarHeight). */
export function SaveBar({children}: {children: ReactNode}) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => publishBarHeight(bar.current!), []);
  return (
    <div
      ref={bar}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur print:hidden"
      data-testid="save-bar"
    >
      {children}
    </div>
  );
}
