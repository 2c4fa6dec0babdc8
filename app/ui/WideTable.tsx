import type {ReactNode} from 'react';

/**
 * A list as a table on wide screens, under its column headings; a phone hides it and shows the same rows
 * as cards (each list draws its own).
 */
export function WideTable({testID, headings, children}: {testID: string; headings: readonly string[]; children: ReactNode}) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 max-md:hidden">
      <table className="w-full text-sm" data-testid={testID}>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs font-semibold tracking-wide text-slate-500">
          <tr>
            {headings.map(title => (
              <th key={title} scope="col" className="px-3 py-3 text-start whitespace-nowrap">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
