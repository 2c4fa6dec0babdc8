import '@fontsource-variable/rubik';
import './styles.css';
import {StrictMode} from 'react';
import {createRoot} from 'react-dom/client';
import {RouterProvider} from '@tanstack/react-router';
import {Toaster} from 'sonner';
import {startLocale} from './i18n.ts';
import {createAppRouter} from './router.tsx';
import {fetchSession, mayEnter} from './session.ts';
import {ConfirmProvider} from './ui/confirm.tsx';
import {getTextDirection, getLocale} from './paraglide/runtime.js';
import * as m from './paraglide/messages.js';

const session = await fetchSession();
// Before the first render: the login and public pages show the site's default language too.
startLocale(session.defaultLanguage);
document.title = m.app_title();

// Only a session that may enter syncs: one whose declaration is due gets the declaration first (/login). Zero's
// client is fetched for it alone: the public pages never load it (issue 35).
const zero = mayEnter(session) ? (await import('./zero.ts')).createZero(session) : undefined;
const router = createAppRouter({session, zero});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfirmProvider>
      <RouterProvider router={router} />
    </ConfirmProvider>
    {/* Above a form's save bar, when one is shown (app/ui/SaveBar.tsx); sonner's own gaps otherwise. Expanded: each
        toast shows whole, one above another, so a new "saved" never lies over a reminder's buttons (issue 31). */}
    <Toaster
      dir={getTextDirection(getLocale())}
      position="bottom-center"
      expand
      visibleToasts={5}
      offset={{bottom: 'calc(var(--save-bar-height, 0px) + 24px)'}}
      mobileOffset={{bottom: 'calc(var(--save-bar-height, 0px) + 16px)'}}
      containerAriaLabel={m.toasts_label()}
      richColors
      closeButton
      className="print:hidden"
    />
  </StrictMode>,
);
// Installable (issue 35): the service worker, fetched after the first render (app/pwa/register.ts).
void import('./pwa/register.ts').then(pwa => pwa.registerServiceWorker());
