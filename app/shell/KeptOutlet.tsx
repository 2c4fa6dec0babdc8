import {Outlet, useRouterState} from '@tanstack/react-router';
import {useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import {SECTIONS, type Section} from './sections.ts';
import * as m from '../paraglide/messages.js';
import {PageShown} from '../ui/PhoneActions.tsx';

const KEPT: readonly Section[] = SECTIONS.filter(s => 'keepState' in s && s.keepState);

/**
 * The shell's outlet, except that pages of `keepState` sections stay mounted (hidden) once visited: on
 * return their search, loaded rows, live queries and scroll position are as the user left them. Their
 * routes render nothing; this draws them.
 */
export function KeptOutlet({page}: {page: (section: Section) => ReactNode}) {
  const pathname = useRouterState({select: s => s.location.pathname});
  const current = KEPT.find(s => s.path === pathname);
  const [visited, setVisited] = useState<readonly Section[]>(current ? [current] : []);
  const scrollOf = useRef(new Map<string, number>());

  if (current && !visited.includes(current)) setVisited([...visited, current]);

  // Remember where the user was on a kept page, and put them back there when they return (after the
  // router's own scroll-to-top on navigation).
  useLayoutEffect(() => {
    if (!current) return;
    const remember = () => scrollOf.current.set(current.path, window.scrollY);
    window.addEventListener('scroll', remember, {passive: true});
    return () => window.removeEventListener('scroll', remember);
  }, [current]);
  useLayoutEffect(() => {
    if (!current) return;
    document.title = `${current.title()} · ${m.app_title()}`;
    const y = scrollOf.current.get(current.path) ?? 0;
    const frame = requestAnimationFrame(() => window.scrollTo(0, y));
    return () => cancelAnimationFrame(frame);
  }, [current]);

  return (
    <>
      {visited.map(section => (
        <div key={section.path} hidden={section !== current} data-kept={section.path}>
          <PageShown.Provider value={section === current}>{page(section)}</PageShown.Provider>
        </div>
      ))}
      {!current && <Outlet />}
    </>
  );
}
