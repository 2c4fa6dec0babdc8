import * as Popover from '@radix-ui/react-popover';
import {Columns3} from 'lucide-react';
import {useCallback, useState} from 'react';
import {buttonClass} from '../../ui/controls.tsx';
import {CHOOSABLE, DEFAULT_HIDDEN, type ChoosableColumn} from './columns.tsx';
import * as m from '../../paraglide/messages.js';

/** Which columns show: TanStack's visibility state (false = hidden; an absent column shows). */
export type ColumnVisibility = Record<string, boolean>;

const keyOf = (userID: string) => `kesher.candidateColumns.${userID}`;

function stored(userID: string): ColumnVisibility {
  const defaults = Object.fromEntries(DEFAULT_HIDDEN.map(c => [c, false]));
  try {
    const saved = JSON.parse(localStorage.getItem(keyOf(userID)) ?? '{}') as unknown;
    if (typeof saved !== 'object' || saved === null) return defaults;
    const known = Object.entries(saved).filter(([c, on]) => c in CHOOSABLE && typeof on === 'boolean');
    return {...defaults, ...Object.fromEntries(known)};
  } catch {
    return defaults;
  }
}

/** The user's choice of columns, kept on this device per user (a matter of taste, not of the record). */
export function useColumnVisibility(userID: string) {
  const [visibility, setVisibility] = useState(() => stored(userID));
  const update = useCallback(
    (next: ColumnVisibility | ((prev: ColumnVisibility) => ColumnVisibility)) =>
      setVisibility(prev => {
        const value = typeof next === 'function' ? next(prev) : next;
        localStorage.setItem(keyOf(userID), JSON.stringify(value));
        return value;
      }),
    [userID],
  );
  return [visibility, update] as const;
}

export function ColumnChooser({
  visibility,
  onChange,
}: {
  visibility: ColumnVisibility;
  onChange: (next: (prev: ColumnVisibility) => ColumnVisibility) => void;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClass('secondary')} data-testid="column-chooser">
        <Columns3 className="size-4" aria-hidden />
        {m.table_columns()}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 w-60 rounded-2xl bg-white p-2 shadow-2xl ring-1 ring-slate-200 focus:outline-none"
          data-testid="column-chooser-list"
        >
          <fieldset>
            <legend className="px-3 pt-1 pb-2 text-sm font-semibold text-slate-900">{m.table_columns_legend()}</legend>
            {(Object.keys(CHOOSABLE) as ChoosableColumn[]).map(column => (
              <label
                key={column}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={visibility[column] !== false}
                  onChange={e => onChange(prev => ({...prev, [column]: e.target.checked}))}
                  data-testid={`column-${column}`}
                />
                {CHOOSABLE[column]()}
              </label>
            ))}
          </fieldset>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
