import {CalendarDays} from 'lucide-react';
import type {ComponentProps} from 'react';
import * as m from '../paraglide/messages.js';

/** The date field's calendar button (app/ui/DateInput.tsx), before and after the calendar's code is there. */
export function CalendarButton({name, ...props}: {name: string} & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      aria-label={m.date_pick()}
      className="shrink-0 rounded-lg bg-white px-2.5 text-slate-600 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900"
      data-testid={`${name}-calendar`}
      {...props}
    >
      <CalendarDays className="size-4" aria-hidden />
    </button>
  );
}
