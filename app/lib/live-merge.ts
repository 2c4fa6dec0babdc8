/**
 * A form that stays live while someone else saves the same record: a three-way merge of what the form
 * started from (base), what the user typed (mine) and what is saved now (theirs). Fields the user left
 * alone take the saved values; a field both changed to different values becomes a conflict for the user
 * to decide; what the user changed is kept either way. Shared by the card's edit form and the list's
 * quick edit; pure, so the rules are tested on their own (tests/unit/live-merge.test.ts).
 */

export type FormValue = string | string[];
export type FormValues = Record<string, FormValue>;

export type MergeState = {
  /** The saved values the user's edits are measured against, and the revision they were seen at. */
  base: FormValues;
  revision: number;
  /** What the form shows. */
  mine: FormValues;
  /** Fields both changed, with the value saved by the other user; each waits for the user's choice. */
  conflicts: FormValues;
};

export const sameValue = (a: FormValue | undefined, b: FormValue | undefined) =>
  JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

export const startMerge = (saved: FormValues, revision: number): MergeState => ({
  base: saved,
  revision,
  mine: saved,
  conflicts: {},
});

/**
 * Lays newer saved values under the user's edits. Returns the fields that took a saved value (for a
 * brief highlight). A field whose typed value someone else saved too stays the user's change against
 * the old base: should that save turn out to be this user's own optimistic write that the server then
 * refused, the edit is still there to send again.
 */
export function rebase(state: MergeState, theirs: FormValues, revision: number): {state: MergeState; taken: string[]} {
  const base = {...state.base};
  const mine = {...state.mine};
  const conflicts = {...state.conflicts};
  const taken: string[] = [];
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(state.base)])) {
    const saved = theirs[key] ?? '';
    if (sameValue(saved, state.base[key])) continue;
    if (sameValue(state.mine[key], state.base[key])) {
      mine[key] = saved;
      base[key] = saved;
      taken.push(key);
      delete conflicts[key];
    } else if (sameValue(state.mine[key], saved)) {
      delete conflicts[key];
    } else {
      // Measured against the saved value from now on: choosing "mine" then sends it, and it stays chosen.
      base[key] = saved;
      conflicts[key] = saved;
    }
  }
  return {state: {base, revision, mine, conflicts}, taken};
}

/** The user's choice in a conflict: keep the typed value (sent with the next save) or take the saved one. */
export function resolve(state: MergeState, key: string, choice: 'mine' | 'theirs'): MergeState {
  const {[key]: saved, ...conflicts} = state.conflicts;
  if (saved === undefined) return state;
  return choice === 'mine' ? {...state, conflicts} : {...state, mine: {...state.mine, [key]: saved}, conflicts};
}

/** The fields the user changed: what a save sends. */
export const changedFields = (state: MergeState) =>
  Object.keys(state.mine).filter(key => !sameValue(state.mine[key], state.base[key]));
