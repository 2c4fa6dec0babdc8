import {describe, expect, it} from 'vitest';
import {generateActivities} from '../../server/db/demo-activities.ts';
import {generateProfiles} from '../../server/db/demo-data.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const profiles = generateProfiles(400, {
  today: new Date(NOW),
  sectorIDs: ['s'],
  statusIDs: ['open'],
  ownerIDs: ['u1'],
});
const gender = new Map(profiles.map(p => [p.id, p.gender]));

describe('demo activities', () => {
  const rows = generateActivities(profiles, 1200, ['a', 'b'], NOW);

  it('makes the number asked for, the same ones for the same seed, with unique ids', () => {
    expect(rows).toHaveLength(1200);
    expect(generateActivities(profiles, 1200, ['a', 'b'], NOW)).toEqual(rows);
    expect(new Set(rows.map(r => r.id)).size).toBe(rows.length);
  });

  it('pairs a man (side A) with a woman (side B), by one of the authors, under a title that names no one', () => {
    const names = new Set(profiles.flatMap(p => [p.forename, p.surname]));
    for (const r of rows) {
      for (const word of r.title.split(/[\s–]+/)) expect(names.has(word), r.title).toBe(false);
      expect(gender.get(r.male_profile_id)).toBe('male');
      expect(gender.get(r.female_profile_id)).toBe('female');
      expect(['a', 'b']).toContain(r.created_by);
    }
  });

  it('spreads a year of work: in the past, updated after created, reminders only on open ones', () => {
    for (const r of rows) {
      expect(r.created_at.getTime()).toBeLessThanOrEqual(NOW);
      expect(r.created_at.getTime()).toBeGreaterThan(NOW - 366 * 86_400_000);
      expect(r.updated_at.getTime()).toBeGreaterThanOrEqual(r.created_at.getTime());
      if (r.reminder_at) expect(r.status).toBe('in_progress');
    }
    const statuses = new Set(rows.map(r => r.status));
    expect(statuses).toEqual(new Set(['in_progress', 'done', 'irrelevant']));
    expect(new Set(rows.map(r => r.type))).toEqual(new Set(['idea', 'suggestion', 'date', 'vort']));
    expect(rows.some(r => r.reminder_at && r.reminder_at.getTime() < NOW)).toBe(true); // some overdue
  });

  it('makes none without both genders or without authors', () => {
    expect(
      generateActivities(
        profiles.filter(p => p.gender === 'male'),
        3,
        ['a'],
        NOW,
      ),
    ).toEqual([]);
    expect(generateActivities(profiles, 1200, [], NOW)).toEqual([]);
  });
});
