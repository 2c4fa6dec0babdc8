import {lazy, Suspense, useState} from 'react';
import {currentLocale} from '../i18n.ts';
import {isoDateToTyped, separateDateDigits, typedDateToIso, typedDateValue} from '../lib/dates.ts';
import {TextInput} from './controls.tsx';
import {CalendarButton} from './CalendarButton.tsx';
import * as m from '../paraglide/messages.js';

const loadCalendar = () => import('./DateCalendar.tsx');
const DateCalendar = lazy(() => loadCalendar().then(p => ({default: p.DateCalendar})));

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
  const [wanted, setWanted] = useState(false);
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
      {/* The calendar's code (Radix's popover and the month grid) comes when it is first wanted: on a public
          form, most people type the date (issue 35). Hovering or focusing the button fetches it ahead. */}
      {wanted ? (
        <Suspense fallback={<CalendarButton name={name} />}>
          <DateCalendar
            name={name}
            open={open}
            onOpenChange={setOpen}
            value={typedDateToIso(text) ?? ''}
            locale={locale}
            onPick={iso => {
              handOn(iso, isoDateToTyped(iso)!);
              setOpen(false);
            }}
          />
        </Suspense>
      ) : (
        <CalendarButton
          name={name}
          onPointerEnter={loadCalendar}
          onFocus={loadCalendar}
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        />
      )}
    </div>
  );
}
