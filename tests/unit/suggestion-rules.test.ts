import {describe, expect, test} from 'vitest';
import {isoDateToMs} from '../../app/lib/dates.ts';
import {foldName} from '../../app/lib/hebrew-name.ts';
import {acceptedBirthDates, judgePair, rankMatches, type MatchCard} from '../../app/suggestions/rules.ts';

// Noon, so that the local zone of the machine running the test never moves a birthday.
const NOW = new Date('2026-06-15T12:00:00Z');
const day = (iso: string) => isoDateToMs(iso)!;

const base: Omit<MatchCard, 'id' | 'gender' | 'birthDate' | 'cityFold'> = {
  sectorID: 'haredi',
  communityID: null,
  communityName: null,
  city: '',
  maritalStatus: 'single',
  height: null,
  origin: null,
  smoker: null,
  headCovering: null,
  institutionName: null,
  openSince: day('2026-05-01'),
  preferredPlace: null,
  preferredInstitution: null,
  seekAgeMin: null,
  seekAgeMax: null,
  seekHeightMin: null,
  seekHeightMax: null,
  seekMaritalStatus: [],
  seekHeadCovering: [],
};
/** A man of 25 and a woman of 23 on NOW, in one sector, single, in two cities, with nothing else stated. */
const withFold = (card: Omit<MatchCard, 'cityFold'>): MatchCard => ({...card, cityFold: foldName(card.city)});
const him = (over: Partial<MatchCard> = {}): MatchCard =>
  withFold({
    ...base,
    id: 'him',
    gender: 'male',
    birthDate: day('2001-03-10'),
    city: 'ירושלים',
    ...over,
  });
const her = (over: Partial<MatchCard> = {}): MatchCard =>
  withFold({
    ...base,
    id: 'her',
    gender: 'female',
    birthDate: day('2003-01-20'),
    city: 'בית שמש',
    ...over,
  });
const keys = (a: MatchCard, b: MatchCard) => judgePair(a, b, NOW)?.reasons.map(r => (r.against ? `-${r.key}` : r.key));

describe('hard rules: either side refuses', () => {
  test('the same gender, another sector, or a married card', () => {
    expect(judgePair(him(), him({id: 'other'}), NOW)).toBeUndefined();
    expect(judgePair(him(), her({sectorID: 'dati'}), NOW)).toBeUndefined();
    expect(judgePair(him(), her({maritalStatus: 'married'}), NOW)).toBeUndefined();
    expect(judgePair(him(), her(), NOW)).toBeDefined();
  });

  test('ages: each side’s stated range, both ways; without one, no more than 6 years apart', () => {
    expect(judgePair(him({seekAgeMin: 18, seekAgeMax: 22}), her(), NOW)).toBeUndefined();
    expect(judgePair(him({seekAgeMin: 18, seekAgeMax: 23}), her(), NOW)).toBeDefined();
    expect(judgePair(him(), her({seekAgeMin: 26, seekAgeMax: 30}), NOW)).toBeUndefined();
    // A range typed the wrong way round means the same range.
    expect(judgePair(him({seekAgeMin: 24, seekAgeMax: 20}), her(), NOW)).toBeDefined();
    expect(judgePair(him({birthDate: day('1996-06-16')}), her({birthDate: day('2002-06-16')}), NOW)).toBeDefined(); // 29 and 23
    expect(judgePair(him({birthDate: day('1996-06-15')}), her({birthDate: day('2002-06-16')}), NOW)).toBeUndefined(); // 30 and 23
    // A stated range overrides the default gap: she seeks 30–40, he is 35, she 23.
    expect(judgePair(him({birthDate: day('1991-01-01')}), her({seekAgeMin: 30, seekAgeMax: 40}), NOW)).toBeUndefined(); // his default
    expect(
      judgePair(him({birthDate: day('1991-01-01'), seekAgeMin: 20, seekAgeMax: 30}), her({seekAgeMin: 30, seekAgeMax: 40}), NOW),
    ).toBeDefined();
  });

  test('heights, marital status and head covering: a stated wish holds when the other card says', () => {
    expect(judgePair(him({seekHeightMin: 160}), her({height: 158}), NOW)).toBeUndefined();
    expect(judgePair(him({seekHeightMin: 160}), her({height: 160}), NOW)).toBeDefined();
    expect(judgePair(him({seekHeightMin: 160}), her(), NOW)).toBeDefined(); // her height not on the card
    expect(judgePair(him({height: 170}), her({seekHeightMin: 175, seekHeightMax: 190}), NOW)).toBeUndefined();
    expect(judgePair(him({seekMaritalStatus: ['single']}), her({maritalStatus: 'divorced'}), NOW)).toBeUndefined();
    expect(judgePair(him({seekMaritalStatus: ['single', 'divorced']}), her({maritalStatus: 'divorced'}), NOW)).toBeDefined();
    expect(judgePair(him({seekHeadCovering: ['wig']}), her({headCovering: 'scarf'}), NOW)).toBeUndefined();
    expect(judgePair(him({seekHeadCovering: ['wig', 'scarf']}), her({headCovering: 'scarf'}), NOW)).toBeDefined();
  });

  test('the rules are symmetric: from either card, the same verdict', () => {
    const pairs: [MatchCard, MatchCard][] = [
      [him({seekAgeMin: 18, seekAgeMax: 22}), her()],
      [him({height: 180, smoker: true}), her({height: 165, smoker: false, seekHeightMin: 170})],
      [
        him({city: 'בני ברק', communityID: 'c1', communityName: 'גור'}),
        her({city: 'בני ברק', communityID: 'c1', communityName: 'גור'}),
      ],
    ];
    for (const [a, b] of pairs) expect(judgePair(b, a, NOW)).toEqual(judgePair(a, b, NOW));
  });

  test('the birth dates the SQL narrows to hold every card the rules take', () => {
    const card = him();
    const {from, to} = acceptedBirthDates(card, NOW);
    for (let t = day('1990-01-01'); t <= day('2010-01-01'); t += 86_400_000) {
      if (judgePair(card, her({birthDate: t}), NOW)) expect(t >= from && t <= to).toBe(true);
    }
    const stated = him({seekAgeMin: 20, seekAgeMax: 22});
    const bounds = acceptedBirthDates(stated, NOW);
    for (let t = day('1995-01-01'); t <= day('2010-01-01'); t += 86_400_000) {
      if (judgePair(stated, her({birthDate: t}), NOW)) expect(t >= bounds.from && t <= bounds.to).toBe(true);
    }
  });
});

describe('reasons and the score', () => {
  test('what they share, in words, each with the values it names', () => {
    const verdict = judgePair(
      him({city: 'בני ברק', communityID: 'c1', communityName: 'גור', origin: 'ashkenazi'}),
      her({city: 'בני ברק', communityID: 'c1', communityName: 'גור', origin: 'ashkenazi'}),
      NOW,
    )!;
    expect(verdict.reasons).toEqual([
      {key: 'sameCity', values: {city: 'בני ברק'}},
      {key: 'sameCommunity', values: {community: 'גור'}},
      {key: 'sameOrigin', values: {origin: 'ashkenazi'}},
      {key: 'ages', values: {his: 25, hers: 23}},
      {key: 'bothSingle', values: {}},
    ]);
    expect(verdict.score).toBe(3 + 3 + 1 + 2 + 1);
  });

  test('preferences met: the place and institution named, the head covering sought', () => {
    const verdict = judgePair(
      him({city: 'אלעד', preferredPlace: 'בני ברק', preferredInstitution: 'סמינר וולף', seekHeadCovering: ['wig']}),
      her({city: 'בני-ברק', institutionName: 'סמינר וולף', headCovering: 'wig', preferredPlace: 'אלעד'}),
      NOW,
    )!;
    expect(keys(him(), her())).toEqual(['ages', 'bothSingle']);
    expect(verdict.reasons.map(r => [r.key, r.values.side])).toEqual([
      ['ages', undefined],
      ['soughtHeadCovering', 'male'],
      ['preferredPlace', 'male'],
      ['preferredInstitution', 'male'],
      ['preferredPlace', 'female'],
      ['bothSingle', undefined],
    ]);
  });

  test('reasons against come last and lower the score', () => {
    const verdict = judgePair(
      him({birthDate: day('1997-01-01'), height: 165, smoker: true, maritalStatus: 'divorced'}),
      her({height: 170, smoker: false}),
      NOW,
    )!;
    expect(verdict.reasons.map(r => (r.against ? `-${r.key}` : r.key))).toEqual([
      '-agesApart',
      '-smokes',
      '-maritalDiffers',
      '-shorter',
    ]);
    expect(verdict.reasons[0]!.values).toEqual({his: 29, hers: 23, gap: 6});
    expect(verdict.score).toBe(-1 - 1 - 2 - 1);
  });

  test('a card long open to suggestions counts, and a year counts twice', () => {
    expect(keys(him(), her({openSince: day('2026-01-01')}))).toContain('waiting');
    const waiting = judgePair(him(), her({openSince: day('2025-10-01')}), NOW)!.reasons.find(r => r.key === 'waiting');
    expect(waiting?.values).toEqual({side: 'female', months: 8});
    const year = judgePair(him(), her({openSince: day('2025-05-01')}), NOW)!;
    const months = judgePair(him(), her({openSince: day('2026-01-01')}), NOW)!;
    expect(year.score - months.score).toBe(1);
  });
});

describe('ranking', () => {
  test('the best first, ties by the longest open, the refused left out, at most `top`', () => {
    const card = him({city: 'בני ברק'});
    const others = [
      her({id: 'a'}),
      her({id: 'b', city: 'בני ברק'}),
      her({id: 'c', sectorID: 'dati', city: 'בני ברק'}),
      her({id: 'd', openSince: day('2026-04-01')}),
      her({id: 'e', city: 'בני ברק', smoker: true}),
    ];
    expect(rankMatches(card, others, NOW, 10).map(r => r.card.id)).toEqual(['b', 'e', 'd', 'a']);
    expect(rankMatches(card, others, NOW, 2).map(r => r.card.id)).toEqual(['b', 'e']);
  });
});
