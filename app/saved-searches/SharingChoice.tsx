import {Lock, Users} from 'lucide-react';
import {clsx} from 'clsx';
import * as m from '../paraglide/messages.js';

/**
 * Private to its owner, or shared with all staff: two radio cards, each saying what it means. A saved
 * search's wording unless told otherwise (a folder of staff pages says its own).
 */
export function SharingChoice({
  shared,
  onChange,
  legend = m.saved_search_sharing(),
  privateHint = m.saved_search_private_hint(),
  sharedHint = m.saved_search_shared_hint(),
}: {
  shared: boolean;
  onChange: (shared: boolean) => void;
  legend?: string;
  privateHint?: string;
  sharedHint?: string;
}) {
  const options = [
    {value: false, icon: Lock, label: m.saved_search_private(), hint: privateHint},
    {value: true, icon: Users, label: m.saved_search_shared(), hint: sharedHint},
  ];
  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map(option => (
          <label
            key={String(option.value)}
            className={clsx(
              'flex cursor-pointer items-start gap-2.5 rounded-lg p-3 text-sm ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
              shared === option.value ? 'bg-brand-50 ring-brand-300' : 'ring-slate-200 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="sharing"
              className="sr-only"
              checked={shared === option.value}
              onChange={() => onChange(option.value)}
              data-testid={option.value ? 'sharing-shared' : 'sharing-private'}
            />
            <option.icon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
            <span>
              <span className="block font-medium text-slate-900">{option.label}</span>
              <span className="block text-xs text-slate-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
