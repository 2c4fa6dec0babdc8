import '@fontsource-variable/rubik';
import './styles.css';
import {lazy, StrictMode, Suspense} from 'react';
import {createRoot} from 'react-dom/client';
import {startLocale} from './i18n.ts';
import {publicPageAt} from './public-pages.ts';
import {fetchSession, mayEnter, type SessionInfo} from './session.ts';
import {ConfirmProvider} from './ui/confirm.tsx';
import * as m from './paraglide/messages.js';

/*
 * A public page (app/public-pages.ts) is drawn with React alone; every other path is the staff's app: the router,
 * and Zero's client for a session that may enter (issue 35). What draws the page is fetched beside the session.
 */
const publicPage = publicPageAt(location.pathname);
const drawing = publicPage
  ? publicPage.page.load().then(Page => (session: SessionInfo) => <Page session={session} params={publicPage.params} />)
  : import('./router.tsx').then(router => router.drawStaffApp);
const session = await fetchSession();
// A session that may enter gets the staff's first screen: its code (Zero's client; the shell with the list) is fetched
// now, beside the router's, not once the router has run (app/router.tsx's drawStaffApp then finds it there).
if (!publicPage && mayEnter(session))
  for (const load of [() => import('./zero.ts'), () => import('./shell/StaffShell.tsx')]) void load().catch(() => {});
// Before the first render: the login and public pages show the site's default language too. A page of another
// language's build loads again instead (app/i18n.ts).
const reloading = startLocale(session.defaultLanguage);
document.title = m.app_title();

/**
 * The staff's toasts: their code comes after the page (nothing shows one before it is there). A public page fetches
 * sonner with its first toast (app/ui/notify.ts).
 */
const AppToaster = lazy(() => import('./ui/AppToaster.tsx').then(p => ({default: p.AppToaster})));

const elsewhere = publicPage?.page.elsewhere?.(session);
if (reloading) {
  // The page comes again in the site's language.
} else if (elsewhere) location.replace(elsewhere);
else {
  const content = await (await drawing)(session);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfirmProvider>{content}</ConfirmProvider>
      {!publicPage && (
        <Suspense>
          <AppToaster />
        </Suspense>
      )}
    </StrictMode>,
  );
  // Installable (issue 35): the staff's app registers the service worker after the first render
  // (app/pwa/register.ts). A visitor to a public page is not made to fetch its precache.
  if (!publicPage) void import('./pwa/register.ts').then(pwa => pwa.registerServiceWorker());
}
