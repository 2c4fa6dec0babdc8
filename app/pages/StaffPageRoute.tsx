import {lazy, Suspense} from 'react';
import {ListLoading} from '../ui/EmptyState.tsx';

/** The page screen brings the editor (TipTap, ProseMirror): its code is fetched only when a page is opened. */
const StaffPageScreen = lazy(() => import('./StaffPageScreen.tsx').then(module => ({default: module.StaffPageScreen})));

export function StaffPageRoute() {
  return (
    <Suspense fallback={<ListLoading />}>
      <StaffPageScreen />
    </Suspense>
  );
}
