import {lazyPage} from '../ui/lazy-page.tsx';

/**
 * The report pages are fetched when first opened: their charts (recharts) stay out of the bundle
 * every other screen loads.
 */
export const ReportsPage = lazyPage(() => import('./ReportsPage.tsx').then(module => module.ReportsPage));
export const ShadchanimReportsPage = lazyPage(() =>
  import('./ShadchanimReportsPage.tsx').then(module => module.ShadchanimReportsPage),
);
