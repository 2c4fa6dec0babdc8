import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {ArrowRight, FileUp, Pencil, Plus, Sheet, Trash2} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {importQueries} from './queries.ts';
import {Button, buttonClass} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {importFieldOf} from './fields.ts';
import {FormatDialog, type ExcelFormat} from './FormatDialog.tsx';
import {IMPORT_PATH} from './labels.ts';

/**
 * Excel format editing (spec §2 control panel, §3 "Excel format"): the saved column formats everyone
 * who imports shares, live; each shows which headers go to which card fields, and can be edited or
 * deleted; a new one can be written by hand (the import's mapping screen saves them too).
 */
export function FormatsPage() {
  usePageTitle(m.section_excel_formats());
  const zero = useZero();
  const confirm = useConfirm();
  const [formats, details] = useQuery(importQueries.formats());
  const [editing, setEditing] = useState<ExcelFormat | 'new'>();

  async function remove(format: ExcelFormat) {
    const sure = await confirm({
      title: m.import_format_delete_confirm({name: format.name}),
      confirmLabel: m.action_delete(),
      destructive: true,
    });
    if (!sure) return;
    const outcome = await confirmed(zero.mutate(mutators.excelFormats.delete({id: format.id})));
    if (outcome.ok) toast.success(m.import_format_deleted());
    else toast.error(outcome.message);
  }

  return (
    <section className="space-y-5" data-testid="formats-page">
      <PageHeader title={m.section_excel_formats()} subtitle={m.import_formats_subtitle()}>
        <div className="flex flex-wrap gap-2">
          <Link to={IMPORT_PATH} className={buttonClass('secondary')}>
            <FileUp className="size-4" aria-hidden />
            {m.section_import_excel()}
          </Link>
          <Button onClick={() => setEditing('new')} data-testid="new-format">
            <Plus className="size-4" aria-hidden />
            {m.import_format_new()}
          </Button>
        </div>
      </PageHeader>

      {formats.length === 0 ? (
        details.type === 'complete' ? (
          <EmptyState icon={Sheet}>{m.import_formats_empty()}</EmptyState>
        ) : (
          <ListLoading />
        )
      ) : (
        <ul className="space-y-3" data-testid="formats">
          {formats.map(format => (
            <li key={format.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="format-row">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-semibold text-slate-900">
                    <bdi>{format.name}</bdi>
                  </h2>
                  <p className="text-xs text-slate-500">
                    {m.import_format_by({name: format.creator?.name ?? '', date: formatLocalDate(format.updatedAt)})}
                  </p>
                </div>
                <div className="flex gap-1">
                  <Button variant="ghost" onClick={() => setEditing(format)} data-testid="edit-format">
                    <Pencil className="size-4" aria-hidden />
                    {m.action_edit()}
                  </Button>
                  <Button variant="ghost" onClick={() => void remove(format)} data-testid="delete-format">
                    <Trash2 className="size-4" aria-hidden />
                    {m.action_delete()}
                  </Button>
                </div>
              </div>
              <ul className="mt-3 flex flex-wrap gap-2 text-xs" data-testid="format-mapping">
                {format.columns.map(column => (
                  <li
                    key={column.header}
                    className="inline-flex items-center gap-1 rounded-full bg-slate-50 px-2.5 py-1 text-slate-700 ring-1 ring-slate-200"
                  >
                    <bdi className="font-medium">{column.header}</bdi>
                    <ArrowRight className="size-3 text-slate-400 rtl:-scale-x-100" aria-hidden />
                    <span className="sr-only">: </span>
                    {column.field ? importFieldOf(column.field)?.label() : m.import_field_none()}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}

      {editing && <FormatDialog format={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
