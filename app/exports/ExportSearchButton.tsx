import {useNavigate} from '@tanstack/react-router';
import {FileDown} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {Button} from '../ui/controls.tsx';
import {exportErrorText} from './labels.ts';
import {startExport} from './start.ts';
import * as m from '../paraglide/messages.js';
import type {FilterSet} from '../tables/saved-searches.ts';

// A section route (shell/sections.ts), made at runtime, so outside the router's typed paths.
const EXPORTS: string = '/admin/exports';

/**
 * "Export this search" on the candidate list (holders of exportToExcel): exports the cards the list's
 * filters match, as the list shows them, and goes to the exports page, where it is followed to its download.
 */
export function ExportSearchButton({filters}: {filters: FilterSet}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    const result = await startExport({kind: 'profiles', filters});
    setBusy(false);
    if (!result.ok) return toast.error(exportErrorText(result.error, result.message));
    void navigate({to: EXPORTS});
  }
  return (
    <Button variant="secondary" onClick={() => void start()} disabled={busy} data-testid="export-search">
      <FileDown className="size-4" aria-hidden />
      {m.export_this_search()}
    </Button>
  );
}
