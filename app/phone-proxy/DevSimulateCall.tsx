import {PhoneIncoming, Wrench} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {call} from '../login/api.ts';
import * as m from '../paraglide/messages.js';

/**
 * Development only (shown when the server runs the development sign-in, whose loopback guard the route
 * shares): posts a signed call event for the signed-in user, as the phone provider would, so the whole
 * path runs: the webhook, the relay, the prompt and the calls list.
 */
export function DevSimulateCall() {
  const [busy, setBusy] = useState(false);
  async function simulate() {
    setBusy(true);
    const result = await call('/api/dev/simulate-call', {});
    setBusy(false);
    if (!result.ok) toast.error(m.dev_simulate_call_failed());
  }
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-dashed border-amber-300 bg-amber-50 px-4 py-3 text-sm"
      aria-label={m.dev_panel_title()}
    >
      <Wrench className="size-4 shrink-0 text-amber-800" aria-hidden />
      <p className="min-w-0 flex-1 text-amber-900">{m.dev_simulate_call_hint()}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void simulate()}
        className="inline-flex items-center gap-1.5 rounded-lg bg-white/80 px-3 py-1.5 font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-white disabled:opacity-60"
        data-testid="simulate-call"
      >
        <PhoneIncoming className="size-4 rtl:-scale-x-100" aria-hidden />
        {m.dev_simulate_call()}
      </button>
    </section>
  );
}
