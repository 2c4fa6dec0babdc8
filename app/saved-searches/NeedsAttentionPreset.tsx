import {Link} from '@tanstack/react-router';
import {BellRing, Pin} from 'lucide-react';
import {useState} from 'react';
import {Button, buttonClass} from '../ui/controls.tsx';
import {daysOf, DaysField} from './DaysField.tsx';
import {NEEDS_ATTENTION_PATH} from './list-search.ts';
import {NEEDS_ATTENTION_DAYS} from './schema.ts';
import {usePinNeedsAttention} from './use-pin-needs-attention.ts';
import * as m from '../paraglide/messages.js';

/** The built-in "needs attention" preset at the head of the saved searches: choose N, open it or pin it. */
export function NeedsAttentionPreset() {
  const [typed, setTyped] = useState(String(NEEDS_ATTENTION_DAYS));
  const [tried, setTried] = useState(false);
  const pinPreset = usePinNeedsAttention();
  const checked = daysOf(typed);
  const pin = () => (checked.ok ? void pinPreset(checked.days) : setTried(true));
  return (
    <section className="rounded-2xl bg-gold-100/60 p-4 ring-1 ring-gold-400/50" data-testid="needs-attention-preset">
      <div className="flex items-start gap-3">
        <BellRing className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h2 className="font-semibold text-slate-900">{m.needs_attention_title()}</h2>
            <p className="text-sm text-slate-600">{m.needs_attention_hint()}</p>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <DaysField typed={typed} onChange={setTyped} error={tried && !checked.ok ? checked.error : undefined} />
            {checked.ok ? (
              <Link
                to={NEEDS_ATTENTION_PATH}
                search={{days: checked.days} as never}
                className={buttonClass('primary')}
                data-testid="needs-attention-open"
              >
                {m.needs_attention_open()}
              </Link>
            ) : (
              <Button onClick={() => setTried(true)} data-testid="needs-attention-open">
                {m.needs_attention_open()}
              </Button>
            )}
            <Button variant="secondary" onClick={pin} data-testid="needs-attention-pin">
              <Pin className="size-4" aria-hidden />
              {m.saved_search_pin_to_menu()}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
