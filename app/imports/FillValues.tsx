import {useQuery} from '@rocicorp/zero/react';
import {Plus, X} from 'lucide-react';
import {CARD_FIELDS, OPTIONS} from '../candidates/card/fields.ts';
import {LookupOptions, offered} from '../LookupOptions.tsx';
import {lookupQueries} from '../lookups.ts';
import {Button, Field, Select, TextInput} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {importFieldOf} from './fields.ts';
import {FieldSelect} from './FieldSelect.tsx';
import {MAX_CELL_LENGTH, MAX_FILLS} from './schema.ts';

/** One value for a whole column, as the mapping screen edits it (a field not chosen yet is null). */
export type FillEntry = {field: string | null; value: string};

/**
 * Values for whole columns (issue 31): a legacy sheet often lacks a column every row shares (all boys,
 * all of one sector), so the user gives it once. Each value goes to every row without one of its own;
 * a list's field offers its choices, any other field takes text as a cell would.
 */
export function FillValues({
  entries,
  errors,
  onChange,
}: {
  entries: readonly FillEntry[];
  /** A message by entry index (an empty value, a field given twice). */
  errors: ReadonlyMap<number, string>;
  onChange: (entries: FillEntry[]) => void;
}) {
  const set = (index: number, entry: Partial<FillEntry>) => onChange(entries.map((e, i) => (i === index ? {...e, ...entry} : e)));
  return (
    <section className="space-y-3 rounded-xl p-4 ring-1 ring-slate-200" data-testid="import-fills">
      <div>
        <h3 className="font-semibold text-slate-900">{m.import_fill_title()}</h3>
        <p className="mt-1 text-sm text-slate-600">{m.import_fill_hint()}</p>
      </div>
      {entries.length > 0 && (
        <ul className="space-y-3">
          {entries.map((entry, index) => (
            <li
              key={index}
              className="grid items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
              data-testid="import-fill"
            >
              <FieldSelect
                value={entry.field}
                onChange={field => set(index, {field, value: ''})}
                noneLabel={m.import_fill_choose_field()}
                aria-label={m.import_fill_field()}
                data-testid="fill-field"
              />
              <Field label={m.import_fill_value()} error={errors.get(index)}>
                {props => (
                  <FillValueInput field={entry.field} value={entry.value} onChange={value => set(index, {value})} {...props} />
                )}
              </Field>
              <Button
                variant="ghost"
                onClick={() => onChange(entries.filter((_, i) => i !== index))}
                aria-label={m.import_fill_remove()}
                data-testid="fill-remove"
              >
                <X className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {entries.length < MAX_FILLS && (
        <Button variant="secondary" onClick={() => onChange([...entries, {field: null, value: ''}])} data-testid="fill-add">
          <Plus className="size-4" aria-hidden />
          {m.import_fill_add()}
        </Button>
      )}
    </section>
  );
}

type InputProps = {id: string; 'aria-invalid': boolean; 'aria-describedby'?: string};

/** The value's control: the field's choices when it has a list, else text as a sheet's cell holds it. */
function FillValueInput({
  field,
  value,
  onChange,
  ...props
}: InputProps & {field: string | null; value: string; onChange: (value: string) => void}) {
  const [sectors] = useQuery(lookupQueries.sectors());
  const [statuses] = useQuery(lookupQueries.statuses());
  const [communities] = useQuery(lookupQueries.communities());
  const kind = field === null ? undefined : importFieldOf(field)?.kind;
  const select = (options: ReadonlyArray<[id: string, label: string]>) => (
    <Select {...props} value={value} onChange={e => onChange(e.target.value)} data-testid="fill-value">
      <option value="">{m.import_fill_choose()}</option>
      {options.map(([id, label]) => (
        <option key={id} value={id}>
          {label}
        </option>
      ))}
    </Select>
  );
  switch (kind) {
    case 'gender':
      return select([
        ['male', m.gender_male()],
        ['female', m.gender_female()],
      ]);
    case 'yesNo':
      return select([
        ['yes', m.opt_yes_no_yes()],
        ['no', m.opt_yes_no_no()],
      ]);
    case 'choice':
    case 'choices': {
      const catalogue = CARD_FIELDS.find(f => f.key === field)?.kind;
      const options = catalogue && 'options' in catalogue ? OPTIONS[catalogue.options] : {};
      return select(Object.entries(options).map(([id, label]) => [id, (label as () => string)()]));
    }
    case 'community':
      return select(offered(communities, undefined).map(c => [c.id, c.name]));
    case 'sector':
    case 'status':
      return (
        <Select {...props} value={value} onChange={e => onChange(e.target.value)} data-testid="fill-value">
          <option value="">{m.import_fill_choose()}</option>
          <LookupOptions rows={kind === 'sector' ? sectors : statuses} />
        </Select>
      );
    default:
      return (
        <TextInput
          {...props}
          dir="auto"
          value={value}
          maxLength={MAX_CELL_LENGTH}
          disabled={field === null}
          placeholder={kind === 'date' ? m.date_placeholder() : undefined}
          onChange={e => onChange(e.target.value)}
          data-testid="fill-value"
        />
      );
  }
}
