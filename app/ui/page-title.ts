import {useEffect} from 'react';
import * as m from '../paraglide/messages.js';

/** Page title = the route's title + the site title (spec §2 Layout). */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${m.app_title()}`;
  }, [title]);
}
