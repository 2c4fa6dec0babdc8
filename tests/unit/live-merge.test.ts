import {describe, expect, test} from 'vitest';
import {changedFields, rebase, resolve, startMerge, type MergeState} from '../../app/lib/live-merge.ts';

const saved = {workplace: 'בית ספר', languages: 'עברית', city: 'צפת', hobbies: ['music']};
/** A opened the card at revision 5 and changed the workplace. */
const editing = (): MergeState => ({...startMerge(saved, 5), mine: {...saved, workplace: 'גן ילדים'}});

describe('the live merge of a form with newer saved values', () => {
  test("a field the user left alone takes the saved value, and the user's change stays to be sent", () => {
    const {state, taken} = rebase(editing(), {...saved, languages: 'עברית, אנגלית'}, 6);
    expect(taken).toEqual(['languages']);
    expect(state.mine).toEqual({...saved, workplace: 'גן ילדים', languages: 'עברית, אנגלית'});
    expect(state.revision).toBe(6);
    expect(state.conflicts).toEqual({});
    expect(changedFields(state)).toEqual(['workplace']);
  });

  test('a field both changed differently is a conflict until the user chooses', () => {
    const {state, taken} = rebase(editing(), {...saved, workplace: 'ישיבה'}, 6);
    expect(taken).toEqual([]);
    expect(state.conflicts).toEqual({workplace: 'ישיבה'});
    expect(state.mine.workplace).toBe('גן ילדים');

    const kept = resolve(state, 'workplace', 'mine');
    expect(kept.conflicts).toEqual({});
    expect(changedFields(kept)).toEqual(['workplace']);
    // A later save elsewhere (another field) does not raise the decided conflict again.
    expect(rebase(kept, {...saved, workplace: 'ישיבה', city: 'חיפה'}, 7).state.conflicts).toEqual({});

    const took = resolve(state, 'workplace', 'theirs');
    expect(took.mine.workplace).toBe('ישיבה');
    expect(changedFields(took)).toEqual([]);
  });

  test('the same value saved by both is no conflict', () => {
    const {state} = rebase(editing(), {...saved, workplace: 'גן ילדים'}, 6);
    expect(state.conflicts).toEqual({});
  });

  test("the user's own optimistic save, refused and rolled back, leaves the edit in the form", () => {
    const optimistic = rebase(editing(), {...saved, workplace: 'גן ילדים'}, 6).state;
    const rolledBack = rebase(optimistic, saved, 5).state;
    expect(rolledBack.mine.workplace).toBe('גן ילדים');
    expect(changedFields(rolledBack)).toEqual(['workplace']);
  });

  test('lists compare by value, and a new saved value in a conflict replaces the old one', () => {
    const state = {...startMerge(saved, 1), mine: {...saved, hobbies: ['music', 'sport']}};
    const first = rebase(state, {...saved, hobbies: ['reading']}, 2).state;
    expect(first.conflicts).toEqual({hobbies: ['reading']});
    const second = rebase(first, {...saved, hobbies: ['travel']}, 3).state;
    expect(second.conflicts).toEqual({hobbies: ['travel']});
    expect(rebase(second, {...saved, hobbies: ['music', 'sport']}, 4).state.conflicts).toEqual({});
  });
});
