import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {Search, X} from 'lucide-react';
import {clsx} from 'clsx';
import {useDeferredValue, useState, type KeyboardEvent} from 'react';
import {activityQueries} from './queries.ts';
import {ageOn} from '../lib/dates.ts';
import {TextInput} from '../ui/controls.tsx';
import {personName} from './labels.ts';
import * as m from '../paraglide/messages.js';

type FieldProps = {id: string; 'aria-invalid': boolean; 'aria-describedby'?: string};

/**
 * One side of an activity (candidate A is a man, B a woman): the chosen card, or a search as the user
 * types among the cards of that gender they may see (activities.pick). A chosen card the user may not
 * see (the other side of someone else's activity) is named as such, never by its name. Engaged cards
 * are offered only when `engaged` asks for them (the couple form, the benefit-card office).
 */
export function CandidatePicker({
  side,
  value,
  onChange,
  fieldProps,
  disabled,
  engaged = false,
}: {
  side: 'male' | 'female';
  value: string;
  onChange: (id: string) => void;
  fieldProps: FieldProps;
  disabled: boolean;
  engaged?: boolean;
}) {
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const [active, setActive] = useState(0);
  const [chosen, chosenDetails] = useQuery(value !== '' && activityQueries.candidate({id: value}));
  const [found, foundDetails] = useQuery(value === '' && search !== '' && activityQueries.pick({gender: side, search, engaged}));
  const listID = `${fieldProps.id}-options`;
  const testid = `pick-${side}`;

  if (value !== '') {
    return (
      <div
        className="flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset"
        data-testid={testid}
        data-value={value}
      >
        {chosen ? (
          <Link
            to="/home/tickets/$id"
            params={{id: value}}
            className="min-w-0 flex-1 truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
            data-testid={`${testid}-chosen`}
          >
            <bdi>{personName(chosen)}</bdi>
            <span className="ms-2 text-xs font-normal text-slate-500">
              <bdi>{chosen.city}</bdi> · {ageOn(chosen.birthDate)}
            </span>
          </Link>
        ) : (
          <span className="flex-1 text-slate-500" data-testid={`${testid}-chosen`}>
            {chosenDetails.type === 'complete' ? m.activity_hidden_card() : m.loading()}
          </span>
        )}
        {!disabled && (
          <button
            type="button"
            onClick={() => onChange('')}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label={m.activity_pick_clear()}
            data-testid={`${testid}-clear`}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
    );
  }

  const options = found ?? [];
  const open = search !== '' && !disabled;
  const choose = (id: string) => {
    setTyped('');
    onChange(id);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive(i => Math.min(i + 1, options.length - 1));
    else if (e.key === 'ArrowUp') setActive(i => Math.max(i - 1, 0));
    else if (e.key === 'Enter' && options[active]) choose(options[active].id);
    else if (e.key === 'Escape') setTyped('');
    else return;
    e.preventDefault();
  };

  return (
    <div className="relative">
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
      <TextInput
        {...fieldProps}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listID}
        aria-autocomplete="list"
        {...(open && options[active] ? {'aria-activedescendant': `${listID}-${options[active].id}`} : {})}
        autoComplete="off"
        className="ps-9"
        placeholder={m.activity_pick_placeholder()}
        value={typed}
        disabled={disabled}
        onChange={e => {
          setTyped(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid={testid}
      />
      {open && (
        <ul
          id={listID}
          role="listbox"
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl bg-white p-1 shadow-xl ring-1 ring-slate-200"
          data-testid={`${testid}-options`}
        >
          {options.length === 0 ? (
            <li className="px-3 py-2 text-sm text-slate-500">
              {foundDetails.type === 'complete' ? m.no_results() : m.loading()}
            </li>
          ) : (
            options.map((p, i) => (
              <li
                key={p.id}
                id={`${listID}-${p.id}`}
                role="option"
                aria-selected={i === active}
                // Chosen on mouse down, before the input's blur could close the list.
                onMouseDown={e => {
                  e.preventDefault();
                  choose(p.id);
                }}
                onMouseEnter={() => setActive(i)}
                className={clsx('cursor-pointer rounded-lg px-3 py-2 text-sm', i === active && 'bg-brand-50')}
                data-testid="pick-option"
              >
                <bdi className="font-medium text-slate-900">{personName(p)}</bdi>
                <span className="ms-2 text-xs text-slate-500">
                  <bdi>{p.city}</bdi> · {ageOn(p.birthDate)}
                </span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
