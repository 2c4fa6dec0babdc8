import * as Popover from '@radix-ui/react-popover';
import {CalendarDays} from 'lucide-react';
import {useState} from 'react';
import {currentLocale} from '../i18n.ts';
import {isoDateToTyped, separateDateDigits, typedDateToIso, typedDateValue} from '../lib/dates.ts';
import {TextInput} from './controls.tsx';
import {MonthCalendar} from './MonthCalendar.tsx';
import * as m from '../paraglide/messages.js';

type FieldProps = {id: string; 'aria-invalid': boolean; 'aria-describedby'?: string};

/** What the field shows for the form's value: DD-MM-YYYY for a date, the typed text for anything else. */
const shownFor = (value: string) => isoDateToTyped(value) ?? value;

/**
 * A date field that shows and accepts DD-MM-YYYY (spec §9) in every language, with a calendar in the
 * app's language. The browser's own date input follows the browser's locale rather than the page's, so
 * an English browser showed mm/dd/yyyy on the Hebrew screen. The form's value stays 'YYYY-MM-DD'; an
 * unfinished date is handed on as typed, so the schema calls it invalid (see typedDateValue).
 */
export function DateInput({
  fieldProps,
  name,
  value: given,
  onChange,
  autoComplete,
}: {
  fieldProps: FieldProps;
  name: string;
  /** Undefined in a new form that has no such key yet: an empty field. */
  value: string | undefined;
  onChange: (value: string) => void;
  autoComplete?: string;
}) {
  const value = given ?? '';
  const locale = currentLocale();
  const [text, setText] = useState(() => shownFor(value));
  const [handedOn, setHandedOn] = useState(value);
  const [open, setOpen] = useState(false);
  // The value changed from elsewhere (a reset, a colleague's merged save): show it.
  if (value !== handedOn) {
    setHandedOn(value);
    setText(shownFor(value));
  }
  const handOn = (typed: string, shown = typed) => {
    const next = typedDateValue(typed);
    setText(shown);
    setHandedOn(next);
    onChange(next);
  };

  return (
    <div className="flex gap-2">
      <TextInput
        {...fieldProps}
        name={name}
        dir="ltr"
        inputMode="numeric"
        autoComplete={autoComplete}
        // The hint is text in the page's language: Hebrew reads right to left, day first (יי-חח-שששש),
        // although the digits then run left to right as numbers do in Hebrew. Forcing the letter groups
        // into the digits' left-to-right places made a Hebrew reader read it year first.
        placeholder={m.date_placeholder()}
        maxLength={10}
        className="min-w-0 flex-1 text-start tabular-nums rtl:text-end"
        value={text}
        onChange={e => handOn(separateDateDigits(e.target.value))}
        onBlur={() => {
          const iso = typedDateToIso(text);
          if (iso) setText(isoDateToTyped(iso)!);
        }}
      />
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          type="button"
          aria-label={m.date_pick()}
          className="shrink-0 rounded-lg bg-white px-2.5 text-slate-600 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900"
          data-testid={`${name}-calendar`}
        >
          <CalendarDays className="size-4" aria-hidden />
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
            <MonthCalendar
              value={typedDateToIso(text) ?? ''}
              locale={locale}
              onPick={iso => {
                handOn(iso, isoDateToTyped(iso)!);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
