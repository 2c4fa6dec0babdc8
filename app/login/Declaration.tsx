import {useState} from 'react';
import {ShieldCheck} from 'lucide-react';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * numberVerified: the activities declaration; the entry button stays disabled until it is ticked. The
 * only other way on is signing out (the server refuses the session everything else until then).
 */
export function Declaration({waiting, onEnter, onSignOut}: {waiting: boolean; onEnter: () => void; onSignOut: () => void}) {
  const [ticked, setTicked] = useState(false);
  return (
    <div className="space-y-4" data-testid="declaration">
      <p className="flex items-center gap-2 text-sm font-medium text-emerald-700">
        <ShieldCheck className="size-5" aria-hidden />
        {m.verification_successful()}
      </p>
      <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{m.declaration_title()}</h3>
        <p className="text-sm leading-relaxed text-slate-600">{m.declaration_text()}</p>
      </div>
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          checked={ticked}
          onChange={e => setTicked(e.target.checked)}
          className="size-4 accent-brand-700"
          data-testid="declaration-checkbox"
        />
        {m.declaration_checkbox()}
      </label>
      <Button disabled={!ticked || waiting} onClick={onEnter} className="w-full py-2.5" data-testid="declaration-enter">
        {m.declaration_enter()}
      </Button>
      <button
        type="button"
        disabled={waiting}
        onClick={onSignOut}
        className="w-full text-center text-sm text-slate-500 hover:underline"
        data-testid="declaration-sign-out"
      >
        {m.sign_out()}
      </button>
    </div>
  );
}
