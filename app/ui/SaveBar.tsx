import {useLayoutEffect, useRef, type ReactNode} from 'react';

/**
 * A long form's save bar, fixed to the bottom of the window. While it is shown its height is published
 * as --save-bar-height on the document, so toasts (app/main.tsx) sit above it and a field scrolled into
 * view is not left under it (styles.css).
 */
export function SaveBar({children}: {children: ReactNode}) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) =>
      root.setProperty('--save-bar-height', `${entry?.borderBoxSize[0]?.blockSize ?? 0}px`),
    );
    observer.observe(bar.current!);
    return () => {
      observer.disconnect();
      root.removeProperty('--save-bar-height');
    };
  }, []);
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
