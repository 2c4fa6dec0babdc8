import {X} from 'lucide-react';
import {useId, useState, type ReactNode} from 'react';
import {foldName} from '../../lib/hebrew-name.ts';
import {Button, SearchBox, TextInput} from '../../ui/controls.tsx';
import type {FilterOption} from './chips.ts';
import * as m from '../../paraglide/messages.js';

/** The filter set's limit on a list's length (filters.ts). */
const MAX_CHOSEN = 30;

/** A group of the panel's controls under a caption (a fieldset, so screen readers name the group). */
export function PanelGroup({legend, testid, children}: {legend: string; testid: string; children: ReactNode}) {
  return (
    <fieldset className="space-y-1.5" data-testid={testid}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Several of a list's options (any of them matches). A long list gets a find box (folded, so final
 * letters and niqqud do not matter) and scrolls within the panel. Nothing ticked is no filter.
 */
export function CheckList({
  legend,
  options,
  value,
  onChange,
  testid,
}: {
  legend: string;
  options: readonly FilterOption[];
  value: readonly string[] | undefined;
  onChange: (next: string[] | undefined) => void;
  testid: string;
}) {
  const [find, setFind] = useState('');
  const chosen = value ?? [];
  const folded = foldName(find);
  const shown = folded ? options.filter(o => foldName(o.label).includes(folded) || chosen.includes(o.id)) : options;
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter(c => c !== id);
    onChange(next.length ? next : undefined);
  };
  return (
    <PanelGroup legend={legend} testid={testid}>
      {options.length > 8 && (
        <SearchBox
          value={find}
          onChange={e => setFind(e.target.value)}
          placeholder={m.search_find_option()}
          aria-label={`${legend}: ${m.search_find_option()}`}
        />
      )}
      <div className="max-h-44 space-y-0.5 overflow-y-auto rounded-lg ring-1 ring-slate-200">
        {shown.map(o => (
          <label
            key={o.id}
            className="flex cursor-pointer items-center gap-2.5 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={chosen.includes(o.id)}
              disabled={!chosen.includes(o.id) && chosen.length >= MAX_CHOSEN}
              onChange={e => toggle(o.id, e.target.checked)}
              value={o.id}
            />
            <bdi className="min-w-0 truncate">{o.label}</bdi>
          </label>
        ))}
      </div>
    </PanelGroup>
  );
}

const textOfNumber = (n: number | undefined) => (n === undefined ? '' : String(n));
/** A typed number: undefined when blank, NaN when it is not a whole number within the bounds. */
const numberOf = (typed: string, min: number, max: number) => {
  const t = typed.trim();
  if (t === '') return undefined;
  const n = /^\d+$/.test(t) ? Number(t) : NaN;
  return n >= min && n <= max ? n : NaN;
};

/**
 * A from–to range of whole numbers (age, height). Each value reaches the filters as soon as it is
 * valid; one that is not (out of bounds, from above until) says why under the field once the user
 * leaves it, and the filters keep their last valid range meanwhile.
 */
export function RangeField({
  legend,
  min,
  max,
  from,
  to,
  onChange,
  testid,
}: {
  legend: string;
  min: number;
  max: number;
  from: number | undefined;
  to: number | undefined;
  onChange: (from: number | undefined, to: number | undefined) => void;
  testid: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState({from: textOfNumber(from), to: textOfNumber(to)});
  const [applied, setApplied] = useState({from, to});
  const [left, setLeft] = useState({from: false, to: false});
  // Changed elsewhere (a chip removed, a link): the fields show the new range.
  if (applied.from !== from || applied.to !== to) {
    setApplied({from, to});
    setTyped({from: textOfNumber(from), to: textOfNumber(to)});
  }
  const a = numberOf(typed.from, min, max);
  const b = numberOf(typed.to, min, max);
  const crossed = a !== undefined && b !== undefined && a > b;
  const errorOf = (n: number | undefined, side: 'from' | 'to') =>
    !left[side]
      ? undefined
      : Number.isNaN(n)
        ? m.search_error_number({min, max})
        : side === 'to' && crossed
          ? m.search_error_range()
          : undefined;

  const type = (side: 'from' | 'to', text: string) => {
    const next = {...typed, [side]: text};
    setTyped(next);
    const nf = numberOf(next.from, min, max);
    const nt = numberOf(next.to, min, max);
    if (Number.isNaN(nf) || Number.isNaN(nt) || (nf !== undefined && nt !== undefined && nf > nt)) return;
    setApplied({from: nf, to: nt});
    onChange(nf, nt);
  };
  const field = (side: 'from' | 'to', label: string, n: number | undefined) => {
    const error = errorOf(n, side);
    return (
      <div className="min-w-0 flex-1 space-y-1">
        <label htmlFor={`${id}-${side}`} className="block text-xs text-slate-600">
          {label}
        </label>
        <TextInput
          id={`${id}-${side}`}
          inputMode="numeric"
          value={typed[side]}
          onChange={e => type(side, e.target.value)}
          onBlur={() => setLeft(l => ({...l, [side]: true}))}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-${side}-error` : undefined}
          data-testid={`${testid}-${side}`}
        />
        {error && (
          <p id={`${id}-${side}-error`} role="alert" className="text-xs text-rose-600" data-field-error>
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <PanelGroup legend={legend} testid={testid}>
      <div className="flex gap-3">
        {field('from', m.search_min(), a)}
        {field('to', m.search_max(), b)}
      </div>
    </PanelGroup>
  );
}

/** Cities typed one by one (Enter or "add"), any of which matches; each removable. */
export function CityList({
  value,
  onChange,
  legend,
  testid,
}: {
  value: readonly string[] | undefined;
  onChange: (next: string[] | undefined) => void;
  legend: string;
  testid: string;
}) {
  const [typed, setTyped] = useState('');
  const cities = value ?? [];
  const add = () => {
    const city = typed.trim().slice(0, 60);
    if (city && !cities.includes(city) && cities.length < MAX_CHOSEN) onChange([...cities, city]);
    setTyped('');
  };
  return (
    <PanelGroup legend={legend} testid={testid}>
      <div className="flex gap-2">
        <TextInput
          value={typed}
          maxLength={60}
          onChange={e => setTyped(e.target.value)}
          onKeyDown={e => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
          placeholder={m.search_city_placeholder()}
          aria-label={legend}
          data-testid={`${testid}-input`}
        />
        <Button variant="secondary" onClick={add} data-testid={`${testid}-add`}>
          {m.search_add()}
        </Button>
      </div>
      {cities.length > 0 && (
        <ul className="flex flex-wrap gap-1.5 pt-1">
          {cities.map(city => (
            <li key={city} className="inline-flex items-center rounded-full bg-slate-100 ps-2.5 text-sm text-slate-700">
              <bdi>{city}</bdi>
              <button
                type="button"
                className="ms-0.5 rounded-full p-1 hover:bg-slate-200"
                aria-label={m.search_remove_chip({label: city})}
                onClick={() => onChange(cities.length > 1 ? cities.filter(c => c !== city) : undefined)}
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </PanelGroup>
  );
}
