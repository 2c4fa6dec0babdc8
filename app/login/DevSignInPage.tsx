import {useEffect, useState} from 'react';
import {LogIn} from 'lucide-react';
import {roleLabel} from '../shell/roles.ts';
import {LanguageSwitcher} from '../shell/LanguageSwitcher.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import type {Role} from '../../permissions/roles.ts';
import * as m from '../paraglide/messages.js';

type DevUser = {id: string; name: string; gender: string; role: Role};

/**
 * Development sign-in: pick a seeded user. Only mounted by the server outside production; the real
 * phone / email / Google login replaces this page.
 */
export function DevSignInPage() {
  usePageTitle(m.login_title());
  const [users, setUsers] = useState<DevUser[] | 'unavailable' | undefined>();
  useEffect(() => {
    fetch('/api/dev/users')
      .then(r => (r.ok ? r.json() : 'unavailable'))
      .then(setUsers, () => setUsers('unavailable'));
  }, []);

  async function signIn(userID: string) {
    const response = await fetch('/api/dev/sign-in', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({userID}),
    });
    if (!response.ok) return;
    const redirectTo = new URLSearchParams(location.search).get('redirectTo');
    location.assign(redirectTo?.startsWith('/') ? redirectTo : '/home');
  }

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800">
      <div className="flex justify-end p-4">
        <LanguageSwitcher />
      </div>
      <div className="flex flex-1 items-start justify-center px-4 pt-[8vh]">
        <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
          <div className="mb-6 flex items-center gap-3">
            <img src="/favicon.svg" alt="" className="size-11" />
            <div>
              <h1 className="text-2xl font-semibold text-slate-900">{m.app_title()}</h1>
              <p className="text-sm text-slate-500">{m.app_tagline()}</p>
            </div>
          </div>
          <h2 className="text-base font-semibold text-slate-800">{m.login_title()}</h2>
          <p className="mt-1 mb-5 text-sm text-slate-500">{m.dev_sign_in_hint()}</p>
          {users === 'unavailable' && <p className="text-sm text-rose-600">{m.dev_sign_in_unavailable()}</p>}
          {users === undefined && <p className="text-sm text-slate-400">{m.loading()}</p>}
          {Array.isArray(users) && (
            <ul className="space-y-2">
              {users.map(u => (
                <li key={u.id}>
                  <button
                    type="button"
                    data-testid={`sign-in-${u.id}`}
                    onClick={() => void signIn(u.id)}
                    className="group flex w-full items-center justify-between rounded-xl px-4 py-3 text-start ring-1 ring-slate-200 transition hover:bg-brand-50 hover:ring-brand-200"
                  >
                    <span>
                      <span className="block font-medium text-slate-900">{u.name}</span>
                      <span className="block text-xs text-slate-500">{roleLabel[u.role]()}</span>
                    </span>
                    <LogIn className="size-5 text-slate-300 group-hover:text-brand-600 rtl:-scale-x-100" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
