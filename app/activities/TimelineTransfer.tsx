import {useQuery, useZero} from '@rocicorp/zero/react';
import {Search, X} from 'lucide-react';
import {clsx} from 'clsx';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import type {Gender} from '../../zero-schema.ts';
import {formatDate} from '../lib/dates.ts';
import {validate, type FieldErrors} from '../lib/field-errors.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {transferQueries} from './transfer-queries.ts';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {personName} from './labels.ts';
import {transferSchema} from './transfer.ts';
import * as m from '../paraglide/messages.js';

type Card = {id: string; gender: Gender; forename: string; surname: string};
type Target = {id: string; forename: string; surname: string; city: string; birthDate: number};

/**
 * Transfer of the chosen activities to another card (spec §2; §4 it cannot be undone): the target is
 * searched as the user types, among the cards they may see of this card's gender; a plain
 * confirmation that says it is final comes before anything moves.
 */
export function TimelineTransfer({card, chosenIDs, onClose}: {card: Card; chosenIDs: string[]; onClose: () => void}) {
  const zero = useZero();
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<Target>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [targets] = useQuery(transferQueries.transferTargets({search, gender: card.gender, exceptID: card.id}));

  async function transfer() {
    const checked = validate(transferSchema, {fromID: card.id, toID: target?.id ?? '', activityIDs: chosenIDs});
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const sure = await confirm({
      title: m.transfer_confirm_title({count: chosenIDs.length, name: personName(target!)}),
      description: m.transfer_confirm_irreversible(),
      confirmLabel: m.transfer_confirm_ok(),
      destructive: true,
    });
    if (!sure) return;
    setBusy(true);
    const outcome = await confirmed(zero.mutate(mutators.activities.transfer(checked.value)));
    setBusy(false);
    if (!outcome.ok) {
      setErrors(outcome.fields);
      if (Object.keys(outcome.fields).length === 0) toast.error(outcome.message);
      return;
    }
    toast.success(m.transfer_done({count: chosenIDs.length}));
    onClose();
  }

  return (
    <div className="mb-4 space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="transfer-panel">
      <p
        className={clsx('text-sm', errors.activityIDs ? 'text-rose-600' : 'text-slate-700')}
        role={errors.activityIDs ? 'alert' : undefined}
      >
        {errors.activityIDs ?? (chosenIDs.length === 0 ? m.transfer_hint() : m.transfer_chosen({count: chosenIDs.length}))}
      </p>
      <Field label={m.transfer_target()} error={errors.toID}>
        {field =>
          target ? (
            <div
              className="flex items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-brand-300"
              data-testid="transfer-target"
            >
              <bdi className="font-medium text-slate-900">{personName(target)}</bdi>
              <span className="text-slate-500">
                <bdi>{target.city}</bdi> · <span className="tabular-nums">{formatDate(target.birthDate)}</span>
              </span>
              <button
                type="button"
                onClick={() => setTarget(undefined)}
                className="ms-auto rounded p-1 text-slate-500 hover:bg-slate-100"
                aria-label={m.transfer_change_target()}
                data-testid="transfer-target-clear"
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          ) : (
            <div className="space-y-1">
              <div className="relative">
                <Search className="pointer-events-none absolute start-3 top-2.5 size-4 text-slate-400" aria-hidden />
                <TextInput
                  {...field}
                  type="search"
                  value={search}
                  onChange={e => setSearch(e.target.value)}
                  placeholder={m.transfer_search_placeholder()}
                  className="ps-9"
                  autoComplete="off"
                  data-testid="transfer-search"
                />
              </div>
              <ul className="max-h-56 overflow-y-auto rounded-lg bg-white ring-1 ring-slate-200" role="listbox">
                {targets.length === 0 ? (
                  <li className="px-3 py-2 text-sm text-slate-500">{m.transfer_no_results()}</li>
                ) : (
                  targets.map(t => (
                    <li key={t.id} role="option" aria-selected={false}>
                      <button
                        type="button"
                        onClick={() => (setTarget(t), setErrors(({toID: _, ...rest}) => rest))}
                        className="flex w-full flex-wrap items-baseline gap-x-2 px-3 py-2 text-start text-sm hover:bg-brand-50"
                        data-testid="transfer-option"
                      >
                        <bdi className="font-medium text-slate-900">{personName(t)}</bdi>
                        <span className="text-slate-500">
                          <bdi>{t.city}</bdi> · <span className="tabular-nums">{formatDate(t.birthDate)}</span>
                        </span>
                      </button>
                    </li>
                  ))
                )}
              </ul>
            </div>
          )
        }
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} data-testid="transfer-cancel">
          {m.action_cancel()}
        </Button>
        <Button variant="danger" onClick={() => void transfer()} disabled={busy} data-testid="transfer-submit">
          {m.transfer_submit()}
        </Button>
      </div>
    </div>
  );
}
