import {useQuery} from '@rocicorp/zero/react';
import {FileSpreadsheet, Upload} from 'lucide-react';
import {useState, type FormEvent} from 'react';
import {importQueries} from './queries.ts';
import {Button, Field, Select, buttonClass} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {importApi} from './api.ts';
import {MAX_IMPORT_BYTES, MAX_IMPORT_ROWS} from '../tables/imports.ts';

/**
 * The import's first step: a file (.xlsx or .csv) and, if the office has one for it, a saved format
 * whose mapping the next step starts from. The server reads the file; the job it makes is opened.
 */
export function UploadPanel({singleRowOnly, onUploaded}: {singleRowOnly: boolean; onUploaded: (jobID: string) => void}) {
  const [formats] = useQuery(importQueries.formats());
  const [file, setFile] = useState<File>();
  const [formatID, setFormatID] = useState('');
  const [error, setError] = useState<string>();
  const [reading, setReading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError(m.import_error_choose_file());
    if (file.size > MAX_IMPORT_BYTES) return setError(m.import_error_too_large());
    setReading(true);
    const answer = await importApi.upload(file, formatID || undefined);
    setReading(false);
    if (!answer.ok) return setError(answer.message);
    onUploaded(answer.data.id);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      data-testid="import-upload"
    >
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{m.import_upload_title()}</h2>
        <p className="mt-1 text-sm text-slate-500">
          {singleRowOnly ? m.import_upload_hint_single() : m.import_upload_hint({rows: MAX_IMPORT_ROWS.toLocaleString()})}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field label={m.import_file()} error={error}>
          {p => (
            // The browser's own file button speaks the browser's language: a button of ours instead.
            <div className="flex min-w-0 flex-wrap items-center gap-3">
              <label
                htmlFor={p.id}
                className={buttonClass(
                  'secondary',
                  'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                )}
              >
                <FileSpreadsheet className="size-4" aria-hidden />
                {m.import_choose_file()}
              </label>
              <input
                {...p}
                type="file"
                accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={e => (setFile(e.target.files?.[0]), setError(undefined))}
                className="sr-only"
                data-testid="import-file"
              />
              <span className="min-w-0 truncate text-sm text-slate-600" data-testid="import-file-name">
                <bdi>{file?.name ?? m.import_no_file()}</bdi>
              </span>
            </div>
          )}
        </Field>
        <Field label={m.import_format_choice()}>
          {p => (
            <Select {...p} value={formatID} onChange={e => setFormatID(e.target.value)} data-testid="import-format">
              <option value="">{m.import_format_auto()}</option>
              {formats.map(f => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Button type="submit" disabled={reading} data-testid="import-upload-submit">
        <Upload className="size-4" aria-hidden />
        {reading ? m.import_reading() : m.import_upload()}
      </Button>
    </form>
  );
}
