import {ListChecks, Save, X} from 'lucide-react';
import {useEffect, useState} from 'react';
import {toast} from '../lib/toast.ts';
import type {DateOrder, DateReading} from '../tables/imports.ts';
import {Button, Labelled, Select} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {importApi} from './api.ts';
import {FieldSelect, missingRequired} from './FieldSelect.tsx';
import {CORE_IMPORT_FIELDS, importFieldOf} from './fields.ts';
import {FillValues, type FillEntry} from './FillValues.tsx';
import {FormatDialog} from './FormatDialog.tsx';
import {columnLetter, columnName} from './labels.ts';
import type {Fills, Mapping} from './schema.ts';

/** The card's own columns: a row without one of them is refused (a card may lack only its required details). */
const CORE_KEYS = new Set(CORE_IMPORT_FIELDS.map(f => f.key));

/** Examples under each header: the sheet's first rows. */
const SAMPLE_ROWS = 3;

/**
 * The import's second step: which card field each column of the sheet fills (spec §3 "Excel format").
 * It starts from the chosen format or from the headers' names; a field goes to one column only. A
 * field every row shares may be given once for them all, and the order of d/m/yyyy dates chosen when
 * the sheet's own is not wanted (issue 31). The mapping can be saved as a format for the next file;
 * then every row is checked (the preview).
 */
export function MappingStep({
  job,
  onChecked,
  onCancel,
}: {
  job: {
    id: string;
    headers: readonly string[];
    mapping: Mapping;
    formatID?: string | null | undefined;
    totalRows: number;
    fills: Fills;
    dateOrder?: DateOrder | null | undefined;
    dates?: DateReading | null | undefined;
  };
  onChecked: () => void;
  onCancel: () => void;
}) {
  const [mapping, setMapping] = useState<Mapping>(job.mapping);
  const [sample, setSample] = useState<string[][]>([]);
  const [formatID, setFormatID] = useState(job.formatID ?? null);
  const [fills, setFills] = useState<FillEntry[]>(() => Object.entries(job.fills).map(([field, value]) => ({field, value})));
  const [fillErrors, setFillErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const [dateOrder, setDateOrder] = useState<DateOrder | null>(job.dateOrder ?? null);
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    void importApi.rows(job.id, 'all', 0, SAMPLE_ROWS).then(answer => answer.ok && setSample(answer.data.rows.map(r => r.cells)));
  }, [job.id]);

  const choose = (column: number, field: string | null) =>
    // A field goes to one column: choosing it here takes it from the other.
    setMapping(all => all.map((f, i) => (i === column ? field : field !== null && f === field ? null : f)));

  /** The values for whole columns as the preview takes them; undefined (each problem shown at its value) when one is incomplete or repeated. */
  function fillsToSend(): Fills | undefined {
    const errors = new Map<number, string>();
    const seen = new Set<string>();
    fills.forEach((entry, index) => {
      if (entry.field === null || entry.value.trim() === '') errors.set(index, m.import_fill_needs_value());
      else if (seen.has(entry.field)) errors.set(index, m.import_fill_twice());
      else seen.add(entry.field);
    });
    setFillErrors(errors);
    return errors.size > 0 ? undefined : Object.fromEntries(fills.map(f => [f.field!, f.value.trim()]));
  }

  async function check() {
    const filled = fillsToSend();
    if (!filled) return;
    setChecking(true);
    const answer = await importApi.preview(job.id, {mapping, formatID, fills: filled, dateOrder});
    setChecking(false);
    if (answer.ok) onChecked();
    else toast.error(answer.message);
  }

  const given = [...mapping, ...fills.filter(f => f.value.trim() !== '').map(f => f.field)];
  const missing = missingRequired(given);
  // Required details a temporary card may lack; the card's own columns every card needs.
  const lackable = missing.filter(f => !CORE_KEYS.has(f.key));
  const needed = missing.filter(f => CORE_KEYS.has(f.key));
  const hasDates = mapping.some(key => key !== null && importFieldOf(key)?.kind === 'date');
  return (
    <div className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="import-mapping">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{m.import_mapping_title()}</h2>
        <p className="mt-1 text-sm text-slate-500">{m.import_mapping_hint({rows: job.totalRows.toLocaleString()})}</p>
      </div>
      <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {job.headers.map((_, column) => (
          <li
            key={column}
            className="grid gap-2 px-3 py-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1fr)] md:items-center"
            data-testid="mapping-column"
            data-header={job.headers[column]}
          >
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">
                <bdi>{columnName(job.headers, column)}</bdi>
              </p>
              <p className="text-xs text-slate-500">{m.import_column({letter: columnLetter(column)})}</p>
            </div>
            <p className="min-w-0 truncate text-sm text-slate-600" title={sample.map(r => r[column]).join(' · ')}>
              {sample
                .map(r => r[column])
                .filter(Boolean)
                .map((value, i) => (
                  <bdi key={i} className="me-2 inline-block rounded bg-slate-50 px-1.5 py-0.5 ring-1 ring-slate-200">
                    {value}
                  </bdi>
                ))}
            </p>
            <FieldSelect
              value={mapping[column] ?? null}
              onChange={field => choose(column, field)}
              aria-label={m.import_mapping_field_for({column: columnName(job.headers, column)})}
              data-testid="mapping-field"
            />
          </li>
        ))}
      </ul>
      <FillValues entries={fills} errors={fillErrors} onChange={setFills} />
      {hasDates && (
        <div className="max-w-md">
          <Labelled label={m.import_date_order()}>
            <Select
              value={dateOrder ?? ''}
              onChange={e => setDateOrder((e.target.value || null) as DateOrder | null)}
              data-testid="import-date-order"
            >
              <option value="">{m.import_date_order_sheet()}</option>
              <option value="dmy">{m.import_date_order_dmy()}</option>
              <option value="mdy">{m.import_date_order_mdy()}</option>
            </Select>
          </Labelled>
        </div>
      )}
      {needed.length > 0 && (
        <p className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900 ring-1 ring-rose-200" data-testid="mapping-missing">
          {m.import_mapping_missing({fields: needed.map(f => f.label()).join(', ')})}
        </p>
      )}
      {lackable.length > 0 && (
        <p
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="mapping-lacking"
        >
          {m.import_mapping_lacking({fields: lackable.map(f => f.label()).join(', ')})}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void check()} disabled={checking} data-testid="mapping-preview">
          <ListChecks className="size-4" aria-hidden />
          {checking ? m.import_checking({rows: job.totalRows.toLocaleString()}) : m.import_check_rows()}
        </Button>
        <Button variant="secondary" onClick={() => setSaving(true)} data-testid="mapping-save-format">
          <Save className="size-4" aria-hidden />
          {m.import_save_format()}
        </Button>
        <Button variant="ghost" onClick={onCancel} data-testid="import-discard">
          <X className="size-4" aria-hidden />
          {m.import_discard()}
        </Button>
      </div>
      {saving && (
        <FormatDialog
          columns={job.headers.flatMap((header, i) => (header ? [{header, field: mapping[i] ?? null}] : []))}
          onClose={saved => {
            setSaving(false);
            if (saved) setFormatID(saved.id);
          }}
        />
      )}
    </div>
  );
}
