import {useWindowVirtualizer} from '@tanstack/react-virtual';
import {useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore} from 'react';

/** Room the shell's sticky top bar takes at the top of the window (a row scrolled to stays clear of it). */
const COVERED_TOP = 72;

/**
 * Virtual rows over the window's own scroll (the page scrolls as a whole, and the shell restores its
 * position when the user comes back, shell/KeptOutlet): only the rows near the screen are drawn, each
 * `rowHeight` tall, so 100,000 rows cost what 40 do. `active` is false while the page is hidden: it then
 * neither measures nor reports, so scrolling another page loads nothing here. `onShowing` hears the
 * first and last row on screen.
 */
export function useWindowRows<E extends HTMLElement>({
  count,
  rowHeight,
  active,
  onShowing,
}: {
  count: number;
  rowHeight: number;
  active: boolean;
  onShowing: (first: number, last: number) => void;
}) {
  const listRef = useRef<E>(null);
  const [scrollMargin, setScrollMargin] = useState(0);

  // Where the rows begin on the page, measured again whenever the page's height changes (a filter
  // panel opening above the list, rows arriving).
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const el = listRef.current;
      if (el) setScrollMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [active]);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin,
    scrollPaddingStart: COVERED_TOP,
    enabled: active,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items.at(-1);
  const firstIndex = first?.index;
  const lastIndex = last?.index;

  useEffect(() => {
    if (active && firstIndex !== undefined && lastIndex !== undefined) onShowing(firstIndex, lastIndex);
  }, [active, firstIndex, lastIndex, onShowing]);

  return {
    listRef,
    virtualizer,
    items,
    /** Empty room before the first drawn row and after the last, so the page keeps its full height. */
    before: first ? first.start - scrollMargin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
  };
}

/** Whether a media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    notify => {
      const list = matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => matchMedia(query).matches,
  );
}
