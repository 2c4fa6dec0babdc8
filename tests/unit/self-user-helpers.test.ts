import * as v from 'valibot';
import {describe, expect, test} from 'vitest';
import {selfCallMeSchema} from '../../app/auth/self-user-schemas.ts';
import {isValidIsraeliID} from '../../app/lib/israeli-id.ts';
import {toE164} from '../../app/lib/phones.ts';
import {generateProfiles} from '../../server/db/demo-data.ts';

describe('self-user login body', () => {
  const ok = {phone: '0521234567', tz: '39337423', birthday: '2000-02-29', name: 'משה כהן'};
  const issuesOf = (body: unknown) => v.safeParse(selfCallMeSchema, body).issues?.map(i => `${v.getDotPath(i)}:${i.message}`);

  test('a valid body parses; the ID number comes out in its nine-digit form', () => {
    expect(v.parse(selfCallMeSchema, ok)).toEqual({...ok, tz: '039337423'});
  });

  test.each([
    [{...ok, tz: '123456789'}, 'tz:invalidId'],
    [{...ok, tz: '039-337-423'}, 'tz:digitsOnly'],
    [{...ok, phone: '052-1234567'}, 'phone:digitsOnly'],
    [{...ok, phone: '+972521234567'}, 'phone:digitsOnly'],
    [{...ok, birthday: '2001-02-29'}, 'birthday:invalidDate'],
    [{...ok, birthday: '29-02-2000'}, 'birthday:invalidDate'],
    [{...ok, name: '   '}, 'name:required'],
    [{...ok, name: 'א'.repeat(121)}, 'name:tooLong'],
    [{phone: ok.phone, birthday: ok.birthday, name: ok.name}, 'tz:required'],
  ])('%j → %s', (body, issue) => expect(issuesOf(body)).toEqual([issue]));
});

describe('demo self-user details', () => {
  const profiles = generateProfiles(20_000, {today: new Date('2025-01-01'), sectorIDs: ['s'], statusIDs: ['a'], ownerIDs: ['o']});

  test('every demo ID number is valid and unique', () => {
    expect(profiles.every(p => isValidIsraeliID(p.idNumber) && p.idNumber.length === 9)).toBe(true);
    expect(new Set(profiles.map(p => p.idNumber)).size).toBe(profiles.length);
  });

  test('every demo profile has one to three valid Israeli mobiles in E.164', () => {
    for (const p of profiles.slice(0, 2_000)) {
      expect(p.phones.length).toBeGreaterThanOrEqual(1);
      expect(p.phones.length).toBeLessThanOrEqual(3);
      for (const phone of p.phones) expect(toE164(phone)).toBe(phone);
    }
  });

  test('the same seed gives the same details', () => {
    const again = generateProfiles(50, {today: new Date('2025-01-01'), sectorIDs: ['s'], statusIDs: ['a'], ownerIDs: ['o']});
    expect(again).toEqual(profiles.slice(0, 50));
  });
});
