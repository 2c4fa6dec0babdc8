import {Workbox} from 'workbox-window';
import {toast} from '../lib/toast.ts';
import * as m from '../paraglide/messages.js';

/** A tab left open for days still learns of a deployed update: the browser re-checks /sw.js this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (vite.config.ts, docs/pwa.md), loaded by app/main.tsx after the first render so
 * no page's script grows. A new version's worker waits (registerType 'prompt') until the user takes it: a toast
 * says so, and its Reload button lets the waiting worker take over, then reloads the page. A tab whose worker
 * was already replaced from another tab just reloads.
 */
export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', {scope: '/'});
  workbox.addEventListener('waiting', () => {
    toast.message(m.pwa_update_available(), {
      id: 'pwa-update',
      duration: Infinity,
      closeButton: false,
      action: {label: m.pwa_update_reload(), onClick: () => void takeUpdate(workbox)},
    });
  });
  // A page of an older release whose code a deploy has removed from the server: only the new release can open it,
  // and a plain reload would not bring it (the waiting worker takes over only when told), so take it now.
  addEventListener('vite:preloadError', () => {
    void navigator.serviceWorker.getRegistration().then(registration => registration?.waiting && takeUpdate(workbox));
  });
  void workbox.register().then(registration => {
    if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
  });
}

async function takeUpdate(workbox: Workbox) {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {once: true});
  workbox.messageSkipWaiting();
}
