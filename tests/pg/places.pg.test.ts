import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {cardValues, makeProfile, makeUser, newCard} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/** Institutions, sectors and communities (issue 13) through the real server mutators and Postgres. */
const sql = connect(inject('databaseURL'));
const {mutate} = serverSide(sql);
afterAll(() => sql.end());

const unique = (word: string) => `${word} ${nanoid(6)}`;

let editor: AuthContext, shadchan: AuthContext, admin: AuthContext;
beforeAll(async () => {
  editor = await makeUser(sql, 'shadchan', ['editSchools', 'editTickets', 'showTickets']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
  admin = await makeUser(sql, 'admin');
});

const institution = (over: Record<string, unknown> = {}) => ({
  id: `i-${nanoid(8)}`,
  name: unique('ישיבת'),
  type: 'yeshiva',
  variations: [] as string[],
  ...over,
});
const institutionRow = async (id: string) => (await sql`SELECT * FROM institution WHERE id = ${id}`)[0];

describe('institutions', () => {
  test('create stores the name, type and variations (trimmed, repeats and the name itself dropped)', async () => {
    const tag = nanoid(6);
    const name = `ישיבת מיר ${tag}`;
    const args = institution({name: `  ${name}  `, variations: [`מיר ${tag}`, ` מִיר ${tag} `, '', name, `Mir ${tag}`]});
    await mutate(editor, 'institutions.create', args);
    expect(await institutionRow(args.id)).toMatchObject({
      name,
      type: 'yeshiva',
      variations: [`מיר ${tag}`, `Mir ${tag}`],
      retired_at: null,
    });
  });

  test.each([
    ['the same name', (taken: string) => ({name: taken}), 'name'],
    ['the name spelt with niqqud and a final letter', (taken: string) => ({name: taken.replace('ישיבת', 'יְשִׁיבַת')}), 'name'],
    ['its variation as the name', (_: string, variation: string) => ({name: variation.toUpperCase()}), 'name'],
    ['its name as a variation', (taken: string) => ({variations: [taken]}), 'variations'],
  ])("'nameExists' for %s of another institution, and nothing is written", async (_, clash, field) => {
    const first = institution({variations: [unique('Ponevezh')]});
    await mutate(editor, 'institutions.create', first);
    const second = institution(clash(first.name, first.variations[0]!));
    const details = await refusal(mutate(editor, 'institutions.create', second));
    expect(details).toMatchObject({code: 'nameExists', issues: [{field, message: 'nameExists'}]});
    expect(await institutionRow(second.id)).toBeUndefined();
  });

  test('an edit may keep its own name; renaming onto another is refused', async () => {
    const a = institution({type: 'seminary'});
    const b = institution();
    await mutate(editor, 'institutions.create', a);
    await mutate(editor, 'institutions.create', b);
    await mutate(editor, 'institutions.update', {...a, variations: ['בית יעקב']});
    expect((await institutionRow(a.id))!.variations).toEqual(['בית יעקב']);
    expect(await refusal(mutate(editor, 'institutions.update', {...a, name: b.name}))).toMatchObject({code: 'nameExists'});
    expect((await institutionRow(a.id))!.name).toBe(a.name);
  });

  test.each([
    ['no name', {name: '  '}, 'name', 'required'],
    ['an unknown type', {type: 'kollel'}, 'type', 'required'],
    ['a name too long', {name: 'א'.repeat(121)}, 'name', 'tooLong'],
  ])('bad input (%s) is refused by field, nothing written', async (_, over, field, message) => {
    const args = institution(over);
    await expect(mutate(editor, 'institutions.create', args)).rejects.toMatchObject({
      details: {code: 'invalidInput', issues: [expect.objectContaining({field, message})]},
    });
    expect(await institutionRow(args.id)).toBeUndefined();
  });

  test('without editSchools: create, update and retire are refused, nothing written', async () => {
    const args = institution();
    expect(await refusal(mutate(shadchan, 'institutions.create', args))).toMatchObject({code: 'forbidden'});
    expect(await institutionRow(args.id)).toBeUndefined();
    await mutate(admin, 'institutions.create', args);
    expect(await refusal(mutate(shadchan, 'institutions.update', {...args, name: unique('אחר')}))).toMatchObject({
      code: 'forbidden',
    });
    expect(await refusal(mutate(shadchan, 'institutions.retire', {id: args.id, retired: true}))).toMatchObject({
      code: 'forbidden',
    });
    expect(await institutionRow(args.id)).toMatchObject({name: args.name, retired_at: null});
  });

  test('retire and bring back', async () => {
    const args = institution();
    await mutate(editor, 'institutions.create', args);
    await mutate(editor, 'institutions.retire', {id: args.id, retired: true});
    expect((await institutionRow(args.id))!.retired_at).toBeInstanceOf(Date);
    await mutate(editor, 'institutions.retire', {id: args.id, retired: false});
    expect((await institutionRow(args.id))!.retired_at).toBeNull();
  });
});

describe("the card's institution field", () => {
  const save = (ctx: AuthContext, id: string, revision: number, details: Record<string, unknown>) =>
    mutate(ctx, 'cards.save', {id, revision, details} as ReadonlyJSONObject);
  const detailsOf = async (id: string) => (await sql`SELECT details FROM profile_detail WHERE profile_id = ${id}`)[0]!.details;

  test('takes an institution by its name or a variation; refuses an unknown or retired one with §5 "enter valid institution"', async () => {
    const inUse = institution({variations: [unique('Chevron')]});
    const retired = institution();
    await mutate(editor, 'institutions.create', inUse);
    await mutate(editor, 'institutions.create', retired);
    await mutate(editor, 'institutions.retire', {id: retired.id, retired: true});
    const card = await makeProfile(sql, shadchan.userID, 'general');
    const {details} = cardValues() as {details: Record<string, unknown>};
    await mutate(shadchan, 'cards.save', {
      id: card,
      revision: 0,
      ...cardValues({details: {...details, institution: inUse.name}}),
    } as ReadonlyJSONObject);
    expect((await detailsOf(card)).institution).toBe(inUse.name);
    await save(shadchan, card, 1, {institution: inUse.variations[0]!.toLowerCase()});
    expect((await detailsOf(card)).institution).toBe(inUse.variations[0]!.toLowerCase());

    for (const typed of [unique('ישיבה שאינה'), retired.name]) {
      expect(await refusal(save(shadchan, card, 2, {institution: typed}))).toMatchObject({
        code: 'invalidInput',
        issues: [{field: 'details.institution', message: 'invalidInstitution'}],
      });
    }
    expect((await detailsOf(card)).institution).toBe(inUse.variations[0]!.toLowerCase());
  });

  test('a card that names an institution keeps it after the institution is retired; other edits still save', async () => {
    const args = institution();
    await mutate(editor, 'institutions.create', args);
    const card = newCard();
    (card.details as Record<string, unknown>).institution = args.name;
    await mutate(shadchan, 'cards.create', card as ReadonlyJSONObject);
    await mutate(editor, 'institutions.retire', {id: args.id, retired: true});
    await save(shadchan, card.id, 0, {languages: 'עברית'});
    expect(await detailsOf(card.id)).toMatchObject({institution: args.name, languages: 'עברית'});
  });
});

const sectorRow = async (id: string) => (await sql`SELECT * FROM sector WHERE id = ${id}`)[0];
const communityRow = async (id: string) => (await sql`SELECT * FROM community WHERE id = ${id}`)[0];

describe('sectors', () => {
  test('create (last in order, empty languages not stored), rename, retire and bring back', async () => {
    const id = `s-${nanoid(6)}`;
    const he = unique('מגזר');
    await mutate(editor, 'sectors.create', {id, labels: {he, en: '  ', de: unique('Sektor')}});
    const row = await sectorRow(id);
    expect(Object.keys(row!.labels).sort()).toEqual(['de', 'he']);
    const [{max}] = (await sql`SELECT max(sort) AS max FROM sector`) as unknown as [{max: number}];
    expect(row!.sort).toBe(max);
    await mutate(editor, 'sectors.rename', {id, labels: {he: `${he} ב`}});
    expect((await sectorRow(id))!.labels).toEqual({he: `${he} ב`});
    await mutate(editor, 'sectors.retire', {id, retired: true});
    expect((await sectorRow(id))!.retired_at).toBeInstanceOf(Date);
  });

  test("'nameExists' for another sector's label in any language; without permission nothing is written", async () => {
    const id = `s-${nanoid(6)}`;
    expect(await refusal(mutate(editor, 'sectors.create', {id, labels: {he: 'לִיטָאִי'}}))).toMatchObject({
      code: 'nameExists',
      issues: [{field: 'labels.he', message: 'nameExists'}],
    });
    expect(await refusal(mutate(editor, 'sectors.create', {id, labels: {he: unique('x'), en: 'litvish'}}))).toMatchObject({
      code: 'nameExists',
    });
    expect(await refusal(mutate(shadchan, 'sectors.create', {id, labels: {he: unique('מגזר')}}))).toMatchObject({
      code: 'forbidden',
    });
    expect(await refusal(mutate(shadchan, 'sectors.retire', {id: 'litvish', retired: true}))).toMatchObject({code: 'forbidden'});
    expect(await sectorRow(id)).toBeUndefined();
    expect((await sectorRow('litvish'))!.retired_at).toBeNull();
  });

  test('reorder numbers every sector in the given order; a partial order is refused', async () => {
    const ids = (await sql`SELECT id FROM sector ORDER BY sort, id`).map(r => r.id as string);
    const reversed = [...ids].reverse();
    await mutate(editor, 'sectors.reorder', {ids: reversed});
    expect((await sql`SELECT id FROM sector ORDER BY sort, id`).map(r => r.id)).toEqual(reversed);
    expect(await refusal(mutate(editor, 'sectors.reorder', {ids: ids.slice(1)}))).toMatchObject({code: 'invalidInput'});
    expect(await refusal(mutate(shadchan, 'sectors.reorder', {ids}))).toMatchObject({code: 'forbidden'});
    expect((await sql`SELECT id FROM sector ORDER BY sort, id`).map(r => r.id)).toEqual(reversed);
    await mutate(editor, 'sectors.reorder', {ids});
  });

  test('a retired sector stays on a card that has it but cannot be newly chosen', async () => {
    const id = `s-${nanoid(6)}`;
    await mutate(editor, 'sectors.create', {id, labels: {he: unique('מגזר')}});
    const card = newCard({sectorID: id});
    await mutate(shadchan, 'cards.create', card as ReadonlyJSONObject);
    await mutate(editor, 'sectors.retire', {id, retired: true});
    await mutate(shadchan, 'cards.save', {id: card.id, revision: 0, city: 'צפת'});
    expect((await sql`SELECT sector_id, city FROM profile WHERE id = ${card.id}`)[0]).toEqual({sector_id: id, city: 'צפת'});
    const other = newCard({sectorID: id});
    expect(await refusal(mutate(shadchan, 'cards.create', other as ReadonlyJSONObject))).toMatchObject({
      issues: [{field: 'sectorID', message: 'unknownOption'}],
    });
    expect((await sql`SELECT id FROM profile WHERE id = ${other.id}`).length).toBe(0);
  });
});

describe('communities', () => {
  test("create, rename, 'nameExists' (folded), retire; a retired community cannot be newly chosen", async () => {
    const id = `c-${nanoid(6)}`;
    const name = unique('קהילת');
    await mutate(editor, 'communities.create', {id, name});
    expect(await communityRow(id)).toMatchObject({name, retired_at: null});
    const twin = `c-${nanoid(6)}`;
    expect(await refusal(mutate(editor, 'communities.create', {id: twin, name: name.replace('קהילת', 'קְהִילַּת')}))).toMatchObject({
      code: 'nameExists',
      issues: [{field: 'name', message: 'nameExists'}],
    });
    expect(await communityRow(twin)).toBeUndefined();
    expect(await refusal(mutate(shadchan, 'communities.rename', {id, name: unique('אחר')}))).toMatchObject({code: 'forbidden'});
    await mutate(editor, 'communities.rename', {id, name: `${name} ב`});
    await mutate(editor, 'communities.retire', {id, retired: true});
    expect(await communityRow(id)).toMatchObject({name: `${name} ב`});
    const card = newCard({communityID: id});
    expect(await refusal(mutate(shadchan, 'cards.create', card as ReadonlyJSONObject))).toMatchObject({
      issues: [{field: 'communityID', message: 'unknownOption'}],
    });
  });
});
