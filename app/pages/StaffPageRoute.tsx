import {lazyPage} from '../ui/lazy-page.tsx';

/** The page screen brings the editor (TipTap, ProseMirror): its code is fetched only when a page is opened. */
export const StaffPageRoute = lazyPage(() => import('./StaffPageScreen.tsx').then(module => module.StaffPageScreen));
