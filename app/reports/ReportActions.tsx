import {useNavigate} from '@tanstack/react-router';
import {FileDown, Printer} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {mayExport} from '../../permissions/exports.ts';
import {exportErrorText} from '../exports/labels.ts';
import {startExport} from '../exports/start.ts';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import type {ReportExportKind, ReportFilters} from '../tables/exports.ts';

// A section route (shell/sections.ts), made at runtime, so outside the router's typed paths.
const EXPORTS: string = '/admin/exports';

/**
 * A report's print and Excel buttons. Printing prints the page as it stands (the shell, the filters and
 * these buttons drop out: print: variants). The export goes through the export path (server/exports/)
 * with the report's filters, and the exports page follows it to its download (exportToExcel).
 */
export function ReportActions({ctx, kind, filters}: {ctx: AuthContext; kind: ReportExportKind; filters: ReportFilters}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function exportReport() {
    setBusy(true);
    const result = await startExport({kind, report: filters});
    setBusy(false);
    if (!result.ok) return toast.error(exportErrorText(result.error, result.message));
    void navigate({to: EXPORTS});
  }
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      <Button variant="secondary" onClick={() => print()} data-testid="report-print">
        <Printer className="size-4" aria-hidden />
        {m.report_print()}
      </Button>
      {mayExport(ctx, kind) && (
        <Button variant="secondary" onClick={() => void exportReport()} disabled={busy} data-testid="report-export">
          <FileDown className="size-4" aria-hidden />
          {m.report_export()}
        </Button>
      )}
    </div>
  );
}
