import {lazy, Suspense, type ComponentType} from 'react';
import {Loading} from './Loading.tsx';

/**
 * A page whose code is fetched when it is first opened (every page but the shell and the candidate list,
 * issue 35): React's own lazy component, with the branded loader (`screen` for a page outside the shell)
 * until the code is there, and `preload`, which the router calls before it draws the route (and when a
 * link to it is hovered), so the loader rarely shows.
 *
 * Not TanStack's lazyRouteComponent: it suspends through `use()` only while the code is missing and
 * not once it has come, which React reports as a console error ("called use() to suspend in a previous
 * render but did not call use() when it finished", issue 31).
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>, size: 'screen' | 'page' = 'page') {
  let loaded: {default: ComponentType<P>} | undefined;
  const fetchPage = () => load().then(Page => (loaded = {default: Page}));
  // Code already fetched (preloaded) is handed over at once, through a thenable that answers synchronously: a
  // promise, even a settled one, suspends the first render, and React then holds the page back behind the loader
  // for up to 300 ms (its throttle on revealing suspended content). That cost the first staff screen ~0.4 s.
  const Page = lazy(() =>
    loaded ? ({then: (take: (page: typeof loaded) => void) => take(loaded)} as Promise<typeof loaded>) : fetchPage(),
  );
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading size={size} />}>
        <Page {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, {preload: async () => void (loaded ?? (await fetchPage()))});
}
