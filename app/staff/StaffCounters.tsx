import * as m from '../paraglide/messages.js';

/** The shadchan's counters (spec §3), shown read-only: later issues fill them from the suggestions. */
export function StaffCounters({user}: {user: {score: number; monthlyScore: number; totalSuggestions: number}}) {
  const counters = [
    [m.staff_score(), user.score],
    [m.staff_monthly_score(), user.monthlyScore],
    [m.staff_total_suggestions(), user.totalSuggestions],
  ] as const;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="staff-counters">
      <h2 className="text-sm font-semibold text-slate-900">{m.staff_counters()}</h2>
      <p className="mt-0.5 text-xs text-slate-500">{m.staff_counters_hint()}</p>
      {/* A label that wraps on a phone pushes its value down: the values stay level at the bottom. */}
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {counters.map(([label, value]) => (
          <div key={label} className="flex flex-col justify-between rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
