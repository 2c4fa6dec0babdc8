import {escapeLike} from '@rocicorp/zero';
import {foldName} from '../lib/hebrew-name.ts';

/**
 * A name search as LIKE patterns on a profile's nameSearch (the folded words of its name, each after a
 * space; migrations/0018): a card matches when every typed word starts some word of its name, in any
 * order and folded alike (niqqud, final letters, hyphens, quotes and case do not matter).
 */
export const nameSearchPatterns = (search: string): string[] =>
  foldName(search)
    .split(' ')
    .filter(Boolean)
    .map(word => `% ${escapeLike(word)}%`);
