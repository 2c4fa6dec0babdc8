import {foldName} from './hebrew-name.ts';

/**
 * Whether any of `names` is already taken by another record's names (spec §8 'name already exists').
 * Names compare folded (foldName), so a spelling that differs only by niqqud, quotes, final letters
 * or case is the same name. Shared by institutions, sectors and communities.
 */
export function nameClash(names: readonly string[], taken: Iterable<readonly string[]>): boolean {
  const wanted = new Set(names.map(foldName).filter(Boolean));
  for (const others of taken) for (const other of others) if (wanted.has(foldName(other))) return true;
  return false;
}
