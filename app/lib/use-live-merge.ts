import {useEffect, useRef, useState} from 'react';
import {changedFields, rebase, resolve, startMerge, type FormValue, type FormValues} from './live-merge.ts';

/** How long a field that just took someone else's saved value stays highlighted. */
const HIGHLIGHT_MS = 3000;

/**
 * The live merge (./live-merge.ts) as React state. It starts from the saved values when they first
 * arrive and rebases the user's edits whenever the saved values change (someone else's save, synced
 * by Zero), so the form never holds stale values and never needs a reload.
 */
export function useLiveMerge(saved: {values: FormValues; revision: number} | undefined) {
  const savedKey = saved && `${saved.revision}|${JSON.stringify(saved.values)}`;
  const [state, setState] = useState(() => saved && startMerge(saved.values, saved.revision));
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  const merged = useRef(savedKey);

  useEffect(() => {
    if (!saved || savedKey === merged.current) return;
    merged.current = savedKey;
    if (!state) return setState(startMerge(saved.values, saved.revision));
    const next = rebase(state, saved.values, saved.revision);
    setState(next.state);
    if (next.taken.length > 0) setTaken(new Set(next.taken));
    // Runs for new saved values only; the state it reads is this render's.
  }, [savedKey]);

  useEffect(() => {
    if (taken.size === 0) return;
    const timer = setTimeout(() => setTaken(new Set()), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [taken]);

  return {
    state,
    /** Fields that just took someone else's saved value. */
    taken,
    /** The fields the user changed: what a save sends. */
    changed: state ? changedFields(state) : [],
    set: (key: string, value: FormValue) => setState(s => s && {...s, mine: {...s.mine, [key]: value}}),
    resolve: (key: string, choice: 'mine' | 'theirs') => setState(s => s && resolve(s, key, choice)),
    /** The server confirmed a save of everything the form holds: nothing is unsaved any more. */
    markSaved: () => setState(s => s && {...s, base: s.mine, conflicts: {}}),
  };
}
