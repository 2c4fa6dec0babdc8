import {useEffect, useState} from 'react';
import {LogIn, Wrench} from 'lucide-react';
import {roleLabel} from '../lib/role-labels.ts';
import type {Role} from '../../permissions/roles.ts';
import {call} from './api.ts';
import * as m from '../paraglide/messages.js';

type DevUser = {id: string; name: string; role: Role};
/** What the dev outbox holds: codes, and (since invitations) messages' text, which this panel leaves out. */
type OutboxEntry = {at: number; channel: string; to: string; code?: string};

/**
 * Development only (the server mounts its calls only outside production): the codes the development
 * delivery "sent" (the dev outbox), and one-click sign-in as any seeded user.
 */
export function DevPanel({onSignedIn}: {onSignedIn: () => void}) {
  const [users, setUsers] = useState<DevUser[]>([]);
  const [outbox, setOutbox] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    void call<DevUser[]>('/api/dev/users', undefined, 'GET').then(r => r.ok && setUsers(r.data));
    const poll = () => void call<OutboxEntry[]>('/api/dev/outbox', undefined, 'GET').then(r => r.ok && setOutbox(r.data));
    poll();
    const timer = setInterval(poll, 1500);
    return () => clearInterval(timer);
  }, []);

  // The codes only, the one just requested first (the server keeps the outbox newest first).
  const codes = outbox.filter(o => o.code).sort((a, b) => b.at - a.at);

  async function signIn(userID: string) {
    const result = await call('/api/dev/sign-in', {userID});
    if (result.ok) onSignedIn();
  }

  return (
    <section
      className="rounded-2xl border border-dashed border-amber-300 bg-amber-50 p-5 text-sm"
      aria-label={m.dev_panel_title()}
    >
      <h2 className="mb-3 flex items-center gap-2 font-semibold text-amber-900">
        <Wrench className="size-4" aria-hidden />
        {m.dev_panel_title()}
      </h2>
      <h3 className="mb-1.5 text-xs font-semibold text-amber-800">{m.dev_outbox_title()}</h3>
      {codes.length === 0 ? (
        <p className="mb-4 text-amber-700">{m.dev_outbox_empty()}</p>
      ) : (
        <ul className="mb-4 space-y-1" data-testid="dev-outbox">
          {codes.slice(0, 3).map(o => (
            <li key={`${o.at}-${o.to}`} className="flex justify-between gap-3 rounded-lg bg-white/70 px-3 py-1.5">
              <bdi className="text-amber-900">{o.to}</bdi>
              <span className="font-mono font-semibold tracking-widest text-amber-950" data-testid="dev-outbox-code">
                {o.code}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mb-1.5 text-xs font-semibold text-amber-800">{m.dev_quick_sign_in()}</h3>
      <ul className="grid gap-1.5 sm:grid-cols-2">
        {users.map(u => (
          <li key={u.id}>
            <button
              type="button"
              data-testid={`sign-in-${u.id}`}
              onClick={() => void signIn(u.id)}
              className="flex w-full items-center justify-between rounded-lg bg-white/70 px-3 py-2 text-start hover:bg-white"
            >
              <span>
                <span className="block font-medium text-slate-900">{u.name}</span>
                <span className="block text-xs text-slate-500">{roleLabel[u.role]()}</span>
              </span>
              <LogIn className="size-4 text-amber-700 rtl:-scale-x-100" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
