import {PhoneCall} from 'lucide-react';
import {Button} from '../ui/controls.tsx';
import {callerDisplay} from '../calls/caller-display.ts';
import {formatDuration} from '../calls/format.ts';
import type {EndCall} from './socket.ts';
import * as m from '../paraglide/messages.js';

/**
 * The question after a proxied call (CallPrompt.tsx): whom it was with (the card's name, or the number), how long
 * it took, and whether to open a new activity for them; `more` calls wait their turn.
 */
export function CallPanel({call, more, onAnswer}: {call: EndCall; more: number; onAnswer: (openActivity: boolean) => void}) {
  const person = call.Data.peopleID ? call.Data.peopleName : callerDisplay(call.Data.callerNumber);
  return (
    <section
      role="region"
      aria-live="polite"
      aria-label={m.phone_call_prompt_region()}
      className="fixed bottom-[calc(1rem+var(--save-bar-height,0px))] start-4 z-30 w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 print:hidden"
      data-testid="call-prompt"
    >
      <p className="flex items-start gap-2 font-semibold text-slate-900">
        <PhoneCall className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        {person ? m.phone_call_prompt_title({name: `\u2068${person}\u2069`}) : m.phone_call_prompt_title_withheld()}
      </p>
      <p className="mt-1 text-sm text-slate-500">
        {m.phone_call_prompt_duration({duration: formatDuration(call.Data.callDuration)})}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {/* The name or number is isolated (FSI…PDI), so a number keeps its order inside Hebrew text. */}
        {person ? m.phone_call_prompt_question({name: `\u2068${person}\u2069`}) : m.phone_call_prompt_question_withheld()}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {more > 0 && (
          <span className="me-auto text-xs text-slate-500" data-testid="call-prompt-more">
            {m.phone_call_prompt_more({count: more})}
          </span>
        )}
        <Button variant="secondary" onClick={() => onAnswer(false)} data-testid="call-prompt-no">
          {m.phone_call_prompt_no()}
        </Button>
        <Button onClick={() => onAnswer(true)} data-testid="call-prompt-yes">
          {m.phone_call_prompt_yes()}
        </Button>
      </div>
    </section>
  );
}
