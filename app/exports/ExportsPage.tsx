import {useRouteContext} from '@tanstack/react-router';
import {contextOf} from '../session.ts';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {ExportJobs} from './ExportJobs.tsx';
import {NewExport} from './NewExport.tsx';
import * as m from '../paraglide/messages.js';

/**
 * admin/exports (spec §2, exportToExcel; issue 16): start an export of profiles (all, or a saved
 * search), activities, shadchanim or engaged couples, and follow one's exports live to their download.
 * The export itself runs on the server (server/exports/), which applies the user's read rules.
 */
export function ExportsPage() {
  usePageTitle(m.section_exports());
  const ctx = contextOf(useRouteContext({from: '/shell'}).session.user!);
  return (
    <section className="space-y-6" data-testid="exports-page">
      <PageHeader title={m.section_exports()} subtitle={m.export_subtitle()} />
      <NewExport ctx={ctx} />
      <ExportJobs />
    </section>
  );
}
