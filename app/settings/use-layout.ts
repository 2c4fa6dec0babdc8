import {useQuery, useZero} from '@rocicorp/zero/react';
import {useEffect} from 'react';
import {mutators} from '../mutators.ts';
import {settingsQueries} from './queries.ts';
import {DEFAULT_LAYOUT, LAYOUT_KEYS, type Layout, type LayoutKey} from './schema.ts';

const DEVICE_KEY = 'kesher.layout';

/** The copy on this device: what the page starts with before the server's row has synced. */
function deviceLayout(): Layout {
  try {
    return {...DEFAULT_LAYOUT, ...(JSON.parse(localStorage.getItem(DEVICE_KEY) ?? '{}') as Partial<Layout>)};
  } catch {
    return DEFAULT_LAYOUT;
  }
}

/**
 * The user's layout settings: kept on the server (synced live to every device of the user) and on
 * this device. Changing one updates both; the large-font setting adds a size class to <html>.
 */
export function useLayout() {
  const zero = useZero();
  const [row] = useQuery(settingsQueries.mine());
  const layout: Layout = row ? (Object.fromEntries(LAYOUT_KEYS.map(k => [k, row[k]])) as Layout) : deviceLayout();

  useEffect(() => {
    if (row) localStorage.setItem(DEVICE_KEY, JSON.stringify(layout));
    document.documentElement.classList.toggle('text-large', layout.largeFont);
  });

  const update = (patch: Partial<Layout>) => {
    localStorage.setItem(DEVICE_KEY, JSON.stringify({...layout, ...patch}));
    void zero.mutate(mutators.settings.update(patch));
  };
  return {layout, update};
}

/** One display setting, for the many places that only read it (every date of activities and history). */
export function useLayoutSetting(key: LayoutKey): boolean {
  const [row] = useQuery(settingsQueries.mine());
  return row ? row[key] : deviceLayout()[key];
}
