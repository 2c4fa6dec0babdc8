import * as Popover from '@radix-ui/react-popover';
import type {Locale} from '../../zero-schema.ts';
import {CalendarButton} from './CalendarButton.tsx';
import {MonthCalendar} from './MonthCalendar.tsx';
import * as m from '../paraglide/messages.js';

/** The date field's calendar (app/ui/DateInput.tsx): a popover under its button, in the app's language. */
export function DateCalendar({
  name,
  open,
  onOpenChange,
  value,
  locale,
  onPick,
}: {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The field's date as YYYY-MM-DD, or '' when it holds none. */
  value: string;
  locale: Locale;
  onPick: (iso: string) => void;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <CalendarButton name={name} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label={m.date_pick()}
          // The calendar focuses the chosen (or today's) day itself.
          onOpenAutoFocus={e => e.preventDefault()}
          className="z-50 rounded-xl bg-white p-3 shadow-xl ring-1 ring-slate-200"
        >
          <MonthCalendar value={value} locale={locale} onPick={onPick} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
