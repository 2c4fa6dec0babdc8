import {clsx} from 'clsx';
import type {ReactNode} from 'react';
import {Button} from './controls.tsx';
import * as m from '../paraglide/messages.js';

/** What a live-merged form (app/lib/use-live-merge.ts) tells each of its fields. */
export type MergeView = {
  taken: ReadonlySet<string>;
  /** Fields in conflict: the value someone else saved, as the form holds values. */
  conflicts: Readonly<Record<string, string | string[]>>;
  resolve: (key: string, choice: 'mine' | 'theirs') => void;
};

/**
 * One field of a live-merged form. When it has just taken someone else's saved value it is highlighted
 * for a moment; when both changed it, the field shows the saved value beside the user's and asks which
 * to keep, right where the user is looking.
 */
export function MergeMark({
  taken,
  conflict,
  onResolve,
  children,
}: {
  taken: boolean;
  /** The two values in words, when the field is in conflict. */
  conflict?: {theirs: string; mine: string} | undefined;
  onResolve: (choice: 'mine' | 'theirs') => void;
  children: ReactNode;
}) {
  const shown = (text: string) => (text.trim() === '' ? m.card_conflict_empty() : <bdi>{text}</bdi>);
  return (
    <div
      className={clsx(
        '-m-1.5 rounded-xl p-1.5 ring-2 transition-colors duration-700',
        conflict ? 'bg-rose-50/60 ring-rose-300' : taken ? 'bg-amber-50 ring-amber-300' : 'ring-transparent',
      )}
      data-merge={conflict ? 'conflict' : taken ? 'taken' : undefined}
    >
      {children}
      {taken && !conflict && <p className="mt-1 text-xs font-medium text-amber-800">{m.card_merged_field()}</p>}
      {conflict && (
        <div role="group" aria-label={m.card_conflict_title()} className="mt-2 space-y-2 text-sm" data-testid="merge-conflict">
          <p className="font-medium text-rose-800">{m.card_conflict_title()}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-slate-800">
            <dt className="text-slate-500">{m.card_conflict_theirs()}</dt>
            <dd data-testid="conflict-theirs">{shown(conflict.theirs)}</dd>
            <dt className="text-slate-500">{m.card_conflict_mine()}</dt>
            <dd data-testid="conflict-mine">{shown(conflict.mine)}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              className="px-2.5 py-1"
              onClick={() => onResolve('theirs')}
              data-testid="conflict-take-theirs"
            >
              {m.card_conflict_take_theirs()}
            </Button>
            <Button
              variant="secondary"
              className="px-2.5 py-1"
              onClick={() => onResolve('mine')}
              data-testid="conflict-keep-mine"
            >
              {m.card_conflict_keep_mine()}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
