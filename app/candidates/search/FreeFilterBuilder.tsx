import {Plus, Trash2} from 'lucide-react';
import {useRef, useState} from 'react';
import {clsx} from 'clsx';
import {focusFirstInvalid} from '../../lib/field-errors.ts';
import {Button, Select, TextInput} from '../../ui/controls.tsx';
import {Dialog} from '../../ui/Dialog.tsx';
import {OPTIONS} from '../card/fields.ts';
import {MAX_FREE_ITEMS, freeItemCount} from './free-conditions.ts';
import {FREE_FIELDS, operatorsFor} from './free-fields.ts';
import {
  MAX_DEPTH,
  MAX_ITEMS,
  draftOf,
  fieldOf,
  freeOf,
  needsValue,
  newCondition,
  newGroup,
  replaceItem,
  withField,
  type DraftCondition,
  type DraftGroup,
} from './free-draft.ts';
import type {FilterOption} from './chips.ts';
import * as m from '../../paraglide/messages.js';
import type {FreeCondition, FreeGroup} from '../../tables/saved-searches.ts';

const OPERATOR_LABEL: Record<FreeCondition['op'], () => string> = {
  eq: m.free_op_eq,
  ne: m.free_op_ne,
  lt: m.free_op_lt,
  lte: m.free_op_lte,
  gt: m.free_op_gt,
  gte: m.free_op_gte,
  startsWith: m.free_op_startsWith,
  contains: m.free_op_contains,
  isEmpty: m.free_op_isEmpty,
  isNotEmpty: m.free_op_isNotEmpty,
};

type Editing = {
  errors: Map<string, string>;
  /** Conditions and groups the whole draft holds: none is added beyond MAX_FREE_ITEMS. */
  total: number;
  communities: readonly FilterOption[];
  change: (key: string, next: DraftGroup | DraftCondition | undefined) => void;
};

/**
 * The free filter builder (freeFiltering, spec §6): conditions over the card catalogue's fields in
 * AND/OR groups. It edits a draft; "apply" checks it (errors beside each field) and only then sets the
 * filter. The server checks the permission and the tree again.
 */
export function FreeFilterBuilder({
  open,
  onOpenChange,
  free,
  communities,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  free: FreeGroup | undefined;
  communities: readonly FilterOption[];
  onApply: (free: FreeGroup | undefined) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(free));
  const [errors, setErrors] = useState(new Map<string, string>());
  const [wasOpen, setWasOpen] = useState(open);
  const formRef = useRef<HTMLFormElement>(null);
  // Each opening starts from the filter as it is now (it may have changed by a chip or a link).
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDraft(draftOf(free));
      setErrors(new Map());
    }
  }
  const change: Editing['change'] = (key, next) => {
    setDraft(d => (key === d.key ? ((next as DraftGroup | undefined) ?? newGroup([])) : replaceItem(d, key, next)));
    setErrors(e => {
      if (!e.has(key)) return e;
      const rest = new Map(e);
      rest.delete(key);
      return rest;
    });
  };
  const apply = () => {
    const result = freeOf(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    onApply(result.free);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={m.free_filter()} description={m.free_filter_hint()}>
      <form
        ref={formRef}
        className="space-y-4"
        data-testid="free-builder"
        noValidate
        onSubmit={e => {
          e.preventDefault();
          apply();
        }}
      >
        <GroupEditor group={draft} depth={1} editing={{errors, total: freeItemCount(draft), communities, change}} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
          {free ? (
            <Button
              variant="ghost"
              onClick={() => {
                onApply(undefined);
                onOpenChange(false);
              }}
              data-testid="free-remove-all"
            >
              {m.free_remove_all()}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" data-testid="free-apply">
            {m.free_apply()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function GroupEditor({group, depth, editing}: {group: DraftGroup; depth: number; editing: Editing}) {
  const error = editing.errors.get(group.key);
  const full = group.items.length >= MAX_ITEMS;
  // A new group comes with its first condition: two items.
  const capped = {condition: editing.total + 1 > MAX_FREE_ITEMS, group: editing.total + 2 > MAX_FREE_ITEMS};
  return (
    <div
      className={clsx('space-y-3', depth > 1 && 'rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200')}
      data-testid="free-group"
      role="group"
      aria-label={m.free_group()}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-600">
          {m.free_join()}
          <Select
            className="w-auto"
            value={group.join}
            onChange={e => editing.change(group.key, {...group, join: e.target.value as DraftGroup['join']})}
            data-testid="free-join"
          >
            <option value="and">{m.free_join_and()}</option>
            <option value="or">{m.free_join_or()}</option>
          </Select>
        </label>
        {depth > 1 && (
          <button
            type="button"
            className="ms-auto rounded-lg p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-700"
            aria-label={`${m.free_remove()}: ${m.free_group()}`}
            onClick={() => editing.change(group.key, undefined)}
            data-testid="free-remove-group"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {group.items.map(item =>
        'items' in item ? (
          <GroupEditor key={item.key} group={item} depth={depth + 1} editing={editing} />
        ) : (
          <ConditionEditor key={item.key} condition={item} editing={editing} />
        ),
      )}
      {error && (
        <p role="alert" className="text-sm text-rose-700" data-field-error>
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={full || capped.condition}
          onClick={() => editing.change(group.key, {...group, items: [...group.items, newCondition()]})}
          data-testid="free-add-condition"
        >
          <Plus className="size-4" aria-hidden />
          {m.free_add_condition()}
        </Button>
        {depth < MAX_DEPTH && (
          <Button
            variant="secondary"
            disabled={full || capped.group}
            onClick={() => editing.change(group.key, {...group, items: [...group.items, newGroup()]})}
            data-testid="free-add-group"
          >
            <Plus className="size-4" aria-hidden />
            {m.free_add_group()}
          </Button>
        )}
      </div>
      {depth === 1 && capped.group && (
        <p className="text-sm text-slate-500" data-testid="free-cap-hint">
          {m.free_error_too_many({max: MAX_FREE_ITEMS})}
        </p>
      )}
    </div>
  );
}

function ConditionEditor({condition, editing}: {condition: DraftCondition; editing: Editing}) {
  const field = fieldOf(condition.field) ?? FREE_FIELDS[0]!;
  const error = editing.errors.get(condition.key);
  const errorID = `free-error-${condition.key}`;
  const set = (next: Partial<DraftCondition>) => editing.change(condition.key, {...condition, ...next});
  const valueProps = {
    'aria-label': m.free_value(),
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorID : undefined,
    'data-testid': 'free-value',
  };
  const choices = (options: readonly {id: string; label: string}[]) => (
    <Select value={condition.value} onChange={e => set({value: e.target.value})} {...valueProps}>
      <option value="" />
      {options.map(o => (
        <option key={o.id} value={o.id}>
          {o.label}
        </option>
      ))}
    </Select>
  );
  const kind = field.kind;
  const value = !needsValue(condition.op) ? null : kind.type === 'choice' || kind.type === 'choices' ? (
    choices(Object.entries(OPTIONS[kind.options]).map(([id, label]) => ({id, label: label()})))
  ) : kind.type === 'yesNo' ? (
    choices([
      {id: 'yes', label: OPTIONS.yesNo.yes()},
      {id: 'no', label: OPTIONS.yesNo.no()},
    ])
  ) : kind.type === 'community' ? (
    choices(editing.communities)
  ) : (
    <TextInput
      value={condition.value}
      inputMode={kind.type === 'number' ? 'numeric' : undefined}
      onChange={e => set({value: e.target.value})}
      {...valueProps}
    />
  );
  return (
    <div className="space-y-1" data-testid="free-condition">
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap gap-2">
          <Select
            className="min-w-0 flex-[2_1_10rem]"
            value={condition.field}
            onChange={e => editing.change(condition.key, withField(condition, e.target.value))}
            aria-label={m.free_field()}
            data-testid="free-field"
          >
            {FREE_FIELDS.map(f => (
              <option key={f.key} value={f.key}>
                {f.label()}
              </option>
            ))}
          </Select>
          <Select
            className="min-w-0 flex-[1_1_7rem]"
            value={condition.op}
            onChange={e => set({op: e.target.value as DraftCondition['op']})}
            aria-label={m.free_operator()}
            data-testid="free-op"
          >
            {operatorsFor(field.kind).map(op => (
              <option key={op} value={op}>
                {OPERATOR_LABEL[op]()}
              </option>
            ))}
          </Select>
          {value && <div className="min-w-0 flex-[2_1_8rem]">{value}</div>}
        </div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-700"
          aria-label={`${m.free_remove()}: ${field.label()}`}
          onClick={() => editing.change(condition.key, undefined)}
          data-testid="free-remove"
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
      </div>
      {error && (
        <p id={errorID} role="alert" className="text-sm text-rose-700" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}
