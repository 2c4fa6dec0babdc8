import {lazy, Suspense} from 'react';
import {ListLoading} from '../ui/EmptyState.tsx';

/**
 * The report pages are fetched when first opened: their charts (recharts) stay out of the bundle
 * every other screen loads.
 */
const Reports = lazy(() => import('./ReportsPage.tsx').then(module => ({default: module.ReportsPage})));
const ShadchanimReports = lazy(() =>
  import('./ShadchanimReportsPage.tsx').then(module => ({default: module.ShadchanimReportsPage})),
);

export const ReportsPage = () => (
  <Suspense fallback={<ListLoading />}>
    <Reports />
  </Suspense>
);
export const ShadchanimReportsPage = () => (
  <Suspense fallback={<ListLoading />}>
    <ShadchanimReports />
  </Suspense>
);
