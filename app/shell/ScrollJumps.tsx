import {useMatches} from '@tanstack/react-router';
import {ArrowDown, ArrowUp} from 'lucide-react';
import {clsx} from 'clsx';
import {useEffect, useRef, useState} from 'react';
import * as m from '../paraglide/messages.js';

/** How long the arrows stay after the last scroll; at rest they fade away and cover nothing. */
const AWAKE_AFTER_SCROLL_MS = 2500;

/**
 * Jump-up and jump-down arrows (spec §2 Layout), shown only while there is somewhere to jump to, and
 * never on a page with a save bar fixed at the bottom (a form), whose corner they would cover. They
 * float over the page only while it moves (or while pointed at or focused): once the reader stops,
 * they fade and let clicks through. At the end of a page they sit in the footer's free corner
 * (Footer.tsx), below the page's own controls.
 */
export function ScrollJumps() {
  const onForm = useMatches({select: matches => matches.some(match => match.staticData.saveBar)});
  return onForm ? null : <Arrows />;
}

function Arrows() {
  const [room, setRoom] = useState({up: false, down: false});
  const [awake, setAwake] = useState(false);
  const sleep = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sleepLater = () => {
    clearTimeout(sleep.current);
    sleep.current = setTimeout(() => setAwake(false), AWAKE_AFTER_SCROLL_MS);
  };
  useEffect(() => {
    const measure = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setRoom({up: window.scrollY > 200, down: max - window.scrollY > 200});
    };
    const scrolled = () => {
      measure();
      setAwake(true);
      sleepLater();
    };
    window.addEventListener('scroll', scrolled, {passive: true});
    window.addEventListener('resize', measure);
    // Its first call (on observing) measures too, once the browser has laid the page out anyway: measuring here
    // would make it lay the page out at once, inside the first screen's longest task.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', scrolled);
      window.removeEventListener('resize', measure);
      observer.disconnect();
      clearTimeout(sleep.current);
    };
  }, []);
  const button =
    'rounded-full bg-white p-2.5 text-brand-700 shadow-lg ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500';
  const reduced = () => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
  return (
    <div
      className={clsx(
        'fixed end-4 bottom-[calc(var(--save-bar-height,0px)+1rem)] z-20 flex flex-col gap-2 transition-opacity duration-300 print:hidden',
        !awake && 'pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100',
      )}
      onPointerEnter={() => clearTimeout(sleep.current)}
      onPointerLeave={sleepLater}
      data-testid="scroll-jumps"
      data-awake={awake}
    >
      {room.up && (
        <button
          type="button"
          className={button}
          aria-label={m.jump_up()}
          onClick={() => window.scrollTo({top: 0, behavior: reduced()})}
          data-testid="jump-up"
        >
          <ArrowUp className="size-4" aria-hidden />
        </button>
      )}
      {room.down && (
        <button
          type="button"
          className={button}
          aria-label={m.jump_down()}
          onClick={() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: reduced()})}
          data-testid="jump-down"
        >
          <ArrowDown className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
