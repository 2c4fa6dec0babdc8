import type {ComponentProps} from 'react';
import {CARD_SECTIONS} from '../candidates/card/fields.ts';
import {Select} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {CORE_IMPORT_FIELDS} from './fields.ts';

/** The choices of a column's card field, in the card form's sections; '' leaves the column out. */
const GROUPS = [
  {title: m.import_fields_main, fields: CORE_IMPORT_FIELDS},
  ...CARD_SECTIONS.map(s => ({title: s.title, fields: s.fields})),
];

export function FieldSelect({
  value,
  onChange,
  noneLabel = m.import_field_none(),
  ...props
}: Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: string | null;
  onChange: (field: string | null) => void;
  /** What the empty choice says: a column left out, or (for a value for every row) no field chosen yet. */
  noneLabel?: string;
}) {
  return (
    <Select {...props} value={value ?? ''} onChange={e => onChange(e.target.value || null)}>
      <option value="">{noneLabel}</option>
      {GROUPS.map(group => (
        <optgroup key={group.title()} label={group.title()}>
          {group.fields.map(field => (
            <option key={field.key} value={field.key}>
              {field.label()}
            </option>
          ))}
        </optgroup>
      ))}
    </Select>
  );
}

/**
 * The fields every card needs (the card form's required ones) that no column gives: the preview would
 * refuse every row for them, so the mapping screen says so first.
 */
export const REQUIRED_FIELDS = [
  ...CORE_IMPORT_FIELDS.filter(f => f.key !== 'statusID'),
  ...CARD_SECTIONS.flatMap(s => s.fields.filter(f => 'required' in f && f.required)),
];
export const missingRequired = (mapping: ReadonlyArray<string | null>) => REQUIRED_FIELDS.filter(f => !mapping.includes(f.key));
