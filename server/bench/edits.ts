import {mutators} from '../../app/mutators.ts';
import type {BenchZero, CityWatcher} from './clients.ts';
import {withTimeout} from './timing.ts';

/** A sample that takes longer than this is a failure, not a data point. */
export const EDIT_TIMEOUT_MS = 15_000;

/** The client that makes the edits (a user's tab) and its own view of the edited card's revision. */
export type Editor = {zero: BenchZero; profileID: string; revision: () => number};

/** A city value no earlier sample (or run) used, within the 60-character limit of the form. */
export const cityFor = (tag: string, kind: string, i: number) => `bench ${tag} ${kind} ${i}`;

/**
 * Edits the card's city through the real mutator (the list's quick edit) and waits until every watcher
 * shows it. Returns each watcher's delay from the mutate call, and the mutator's round trip (the
 * server ran it, committed, and the result came back through zero-cache).
 */
export async function editCity(
  editor: Editor,
  city: string,
  watchers: readonly CityWatcher[],
): Promise<{seen: number[]; roundTrip: number}> {
  const seen = watchers.map(w => w.expect(city, EDIT_TIMEOUT_MS));
  for (const s of seen) s.catch(() => {}); // awaited below; no unhandled rejection meanwhile
  const start = performance.now();
  const result = editor.zero.mutate(mutators.cards.save({id: editor.profileID, revision: editor.revision(), city}));
  const serverDone = result.server.then(r => {
    if (r.type === 'error') throw new Error(`the server rejected the edit: ${r.error.type} ${r.error.message}`);
    return performance.now();
  });
  serverDone.catch(() => {});
  const clientResult = await withTimeout(result.client, EDIT_TIMEOUT_MS, "the editor's optimistic edit");
  if (clientResult.type === 'error') throw new Error(`the editor's mutator failed: ${clientResult.error.message}`);
  const [seenAt, doneAt] = await Promise.all([
    Promise.all(seen),
    withTimeout(serverDone, EDIT_TIMEOUT_MS, "the edit's server result"),
  ]);
  return {seen: seenAt.map(at => at - start), roundTrip: doneAt - start};
}
