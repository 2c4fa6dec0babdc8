import {useState, type FormEvent} from 'react';
import {fieldOf, focusFirstInvalid, messageFor} from '../lib/field-errors.ts';
import {Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import * as m from '../paraglide/messages.js';
import {importApi} from './api.ts';
import {importFieldOf} from './fields.ts';
import {columnName} from './labels.ts';
import {columnOfIssue} from './PreviewRowCard.tsx';
import {issueText} from './reasons.ts';
import type {Mapping, PreviewRow} from './schema.ts';

/**
 * A row fixed in place: its mapped cells as text, each with the card form's message under it; saved,
 * the server checks the row again (and its duplicates) and the dialog closes once it is valid, or shows
 * what is still wrong.
 */
export function RowFixDialog({
  jobID,
  row: initial,
  headers,
  mapping,
  onSaved,
  onClose,
}: {
  jobID: string;
  row: PreviewRow;
  headers: readonly string[];
  mapping: Mapping;
  onSaved: (row: PreviewRow) => void;
  onClose: () => void;
}) {
  const [row, setRow] = useState(initial);
  const [cells, setCells] = useState(initial.cells);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [form, setForm] = useState<HTMLFormElement | null>(null);

  const errors = new Map(
    row.issues.flatMap(issue => {
      const column = columnOfIssue(mapping, issue);
      return column >= 0 ? [[column, messageFor(fieldOf(issue.field), issue.message)] as const] : [];
    }),
  );
  const unplaced = row.issues.filter(issue => columnOfIssue(mapping, issue) < 0);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const changed = Object.fromEntries(cells.flatMap((cell, i) => (cell !== row.cells[i] ? [[String(i), cell]] : [])));
    setSaving(true);
    const answer = await importApi.patch(jobID, row.row, {cells: changed});
    setSaving(false);
    if (!answer.ok) return setFailure(answer.message);
    onSaved(answer.data.row);
    if (answer.data.row.status === 'error') {
      setRow(answer.data.row);
      setCells(answer.data.row.cells);
      focusFirstInvalid(form);
    } else onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={m.import_fix_title({row: row.row})}
      description={m.import_fix_hint()}
      wide
    >
      <form ref={setForm} onSubmit={submit} noValidate className="space-y-4" data-testid="fix-form">
        {(unplaced.length > 0 || failure) && (
          <ul role="alert" className="space-y-1 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {failure && <li>{failure}</li>}
            {unplaced.map(issue => (
              <li key={issue.field}>{issueText(issue)}</li>
            ))}
          </ul>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {mapping.map((field, column) =>
            field === null ? null : (
              <Field
                key={column}
                label={`${columnName(headers, column)} · ${importFieldOf(field)?.label() ?? field}`}
                error={errors.get(column)}
              >
                {p => (
                  <TextInput
                    {...p}
                    value={cells[column] ?? ''}
                    onChange={e => setCells(all => all.map((c, i) => (i === column ? e.target.value : c)))}
                    data-testid="fix-cell"
                  />
                )}
              </Field>
            ),
          )}
        </div>
        <DialogActions saving={saving} onCancel={onClose} testid="fix-save" />
      </form>
    </Dialog>
  );
}
