import {useQuery} from '@rocicorp/zero/react';
import {Link, useParams} from '@tanstack/react-router';
import {Printer} from 'lucide-react';
import {genderLabel} from '../candidates/labels.ts';
import {formatPhone} from '../lib/phones.ts';
import {staffQueries} from './queries.ts';
import {roleLabel} from '../lib/role-labels.ts';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {roleBeforeBlock} from './mutators.ts';
import {EMPLOYMENT_LABEL} from './labels.ts';
import {staffEditPath} from './paths.ts';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

/**
 * A shadchan's details for printing (/users/print/{id}): who they are, how to reach them, their available
 * hours and the notes meant for print. The shell's chrome hides itself on paper.
 */
export function StaffPrintPage() {
  const {id} = useParams({strict: false}) as {id: string};
  const [user, details] = useQuery(staffQueries.one({id}));
  usePageTitle(user ? `${m.section_staff_print()} · ${user.name}` : m.section_staff_print());
  if (!user) {
    return details.type === 'complete' ? (
      <p className="py-16 text-center text-slate-500" data-testid="staff-not-found">
        {m.staff_not_found()}
      </p>
    ) : (
      <Loading />
    );
  }
  const phone = (value: string | null | undefined) => (value ? <bdi dir="ltr">{formatPhone(value)}</bdi> : null);
  const rows: Array<[string, React.ReactNode]> = [
    [m.staff_role(), roleLabel[roleBeforeBlock(user)]()],
    [m.staff_gender(), genderLabel[user.gender]()],
    [m.staff_employment(), user.detail && EMPLOYMENT_LABEL[user.detail.employment]()],
    [m.staff_phone(), phone(user.contact?.phone)],
    [m.staff_landline(), phone(user.contact?.landline)],
    [m.staff_email(), user.contact?.email ? <bdi>{user.contact.email}</bdi> : null],
    [m.staff_available_hours(), user.detail?.availableHours ? <bdi>{user.detail.availableHours}</bdi> : null],
  ];

  return (
    <article className="mx-auto max-w-2xl space-y-5" data-testid="staff-print">
      <div className="flex items-center justify-between gap-3 print:hidden">
        <Link to={staffEditPath(user.id)} className="text-sm font-medium text-brand-700 hover:underline">
          {m.section_staff_edit()}
        </Link>
        <Button onClick={() => window.print()} data-testid="staff-print-button">
          <Printer className="size-4" aria-hidden />
          {m.staff_print()}
        </Button>
      </div>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:p-0 print:shadow-none print:ring-0">
        <h1 className="text-2xl font-semibold text-slate-900">
          <bdi>{user.name}</bdi>
        </h1>
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-sm text-slate-900 whitespace-pre-wrap">{value}</dd>
              </div>
            ))}
        </dl>
        {user.detail?.printNotes && (
          <section className="mt-5 border-t border-slate-200 pt-4" data-testid="staff-print-notes">
            <h2 className="text-xs text-slate-500">{m.staff_print_notes()}</h2>
            <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900" dir="auto">
              {user.detail.printNotes}
            </p>
          </section>
        )}
      </div>
    </article>
  );
}
