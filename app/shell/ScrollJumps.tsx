import {useMatches} from '@tanstack/react-router';
import {ArrowDown, ArrowUp} from 'lucide-react';
import {useEffect, useState} from 'react';
import * as m from '../paraglide/messages.js';

/**
 * Jump-up and jump-down arrows (spec §2 Layout), shown only while there is somewhere to jump to, and
 * never on a page with a save bar fixed at the bottom (a form), whose corner they would cover. At the
 * end of a page they sit in the footer's free corner (Footer.tsx), below the page's own controls.
 */
export function ScrollJumps() {
  const onForm = useMatches({select: matches => matches.some(match => match.staticData.saveBar)});
  return onForm ? null : <Arrows />;
}

function Arrows() {
  const [room, setRoom] = useState({up: false, down: false});
  useEffect(() => {
    const measure = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      setRoom({up: window.scrollY > 200, down: max - window.scrollY > 200});
    };
    measure();
    window.addEventListener('scroll', measure, {passive: true});
    window.addEventListener('resize', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, []);
  const button =
    'rounded-full bg-white p-2.5 text-brand-700 shadow-lg ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500';
  const reduced = () => (matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
  return (
    <div className="fixed end-4 bottom-4 z-20 flex flex-col gap-2 print:hidden" data-testid="scroll-jumps">
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
