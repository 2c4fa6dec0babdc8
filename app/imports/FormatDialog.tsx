import type {Row} from '@rocicorp/zero';
import {Plus, X} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import type {Schema} from '../../zero-schema.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import * as m from '../paraglide/messages.js';
import {FieldSelect} from './FieldSelect.tsx';
import {formatSchema} from './schema.ts';
import type {FormatColumn} from '../tables/imports.ts';

export type ExcelFormat = Row<Schema['tables']['excelFormat']>;

const REQUIRED = {name: m.import_format_name_required};

/**
 * An Excel format (spec §3) saved or edited: its name and, for each header a sheet may have, the card
 * field it goes to (or none). The mapping screen opens it with the sheet's columns; the formats screen
 * with a format's own, or empty for a new one.
 */
export function FormatDialog({
  format,
  columns: initialColumns,
  onClose,
}: {
  format?: ExcelFormat | undefined;
  columns?: FormatColumn[];
  onClose: (saved?: {id: string}) => void;
}) {
  const [id] = useState(() => format?.id ?? nanoid());
  const [name, setName] = useState(format?.name ?? '');
  const [columns, setColumns] = useState<FormatColumn[]>(format?.columns ?? initialColumns ?? [{header: '', field: null}]);
  const form = useMutationForm(
    formatSchema,
    format ? mutators.excelFormats.update : mutators.excelFormats.create,
    () => onClose({id}),
    m.saved_successfully,
    REQUIRED,
  );
  const change = (index: number, column: Partial<FormatColumn>) => {
    setColumns(all =>
      all.map((c, i) => {
        if (i === index) return {...c, ...column};
        // A field goes to one column: choosing it here takes it from the other.
        return column.field && c.field === column.field ? {...c, field: null} : c;
      }),
    );
    form.clearError(`columns.${index}.header`);
    form.clearError('columns');
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.save({id, name, columns});
  };

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={format ? m.import_format_edit() : m.import_format_new()}
      description={m.import_format_hint()}
      wide
    >
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="format-form">
        <Field label={m.import_format_name()} error={form.errors.name}>
          {p => (
            <TextInput
              {...p}
              value={name}
              onChange={e => (setName(e.target.value), form.clearError('name'))}
              maxLength={80}
              data-testid="format-name"
            />
          )}
        </Field>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{m.import_format_columns()}</legend>
          {form.errors.columns && (
            <p role="alert" className="text-sm text-rose-600" data-field-error>
              {form.errors.columns}
            </p>
          )}
          <ul className="space-y-2" data-testid="format-columns">
            {columns.map((column, index) => (
              <li key={index} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_1fr_auto]" data-testid="format-column">
                <TextInput
                  value={column.header}
                  onChange={e => change(index, {header: e.target.value})}
                  aria-label={m.import_format_header({n: index + 1})}
                  aria-invalid={Boolean(form.errors[`columns.${index}.header`])}
                  placeholder={m.import_format_header_placeholder()}
                  className="max-sm:col-span-1"
                  data-testid="format-header"
                />
                <FieldSelect
                  value={column.field}
                  onChange={field => change(index, {field})}
                  aria-label={m.import_format_field({n: index + 1})}
                  className="max-sm:col-start-1 max-sm:row-start-2"
                  data-testid="format-field"
                />
                <button
                  type="button"
                  onClick={() => setColumns(all => all.filter((_, i) => i !== index))}
                  className="self-center rounded p-1.5 text-slate-500 hover:bg-rose-50 hover:text-rose-700 max-sm:row-span-2"
                  aria-label={m.import_format_remove_column({n: index + 1})}
                  title={m.import_format_remove_column({n: index + 1})}
                >
                  <X className="size-4" aria-hidden />
                </button>
                {form.errors[`columns.${index}.header`] && (
                  <p role="alert" className="col-span-full text-sm text-rose-600" data-field-error>
                    {form.errors[`columns.${index}.header`]}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <Button
            variant="ghost"
            onClick={() => setColumns(all => [...all, {header: '', field: null}])}
            data-testid="format-add-column"
          >
            <Plus className="size-4" aria-hidden />
            {m.import_format_add_column()}
          </Button>
        </fieldset>
        <DialogActions saving={form.saving} onCancel={() => onClose()} testid="format-save" />
      </form>
    </Dialog>
  );
}
