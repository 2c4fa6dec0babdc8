import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {makeUser} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/**
 * Staff pages and folders (issue 17) through the real server mutators, named queries and Postgres: a
 * private folder and its pages reach nobody but the owner, not even by id; a shared one reaches every
 * staff member and is written by its owner and the administrators only; every mutator is refused with
 * bad input and without the right, and writes nothing; a page's text holds only what the editor offers,
 * within the size cap; a save overtaken by another is refused.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
afterAll(() => sql.end());

const tag = nanoid(6);
let owner: AuthContext, colleague: AuthContext, admin: AuthContext, blocked: AuthContext;
beforeAll(async () => {
  owner = await makeUser(sql, 'shadchan');
  colleague = await makeUser(sql, 'coordinator');
  admin = await makeUser(sql, 'admin');
  blocked = await makeUser(sql, 'blocked');
});

/** A document as the page editor's getJSON() gives it (tests/unit/page-content.test.ts builds one with its schema). */
const doc = (text = 'שלום') => ({
  type: 'doc',
  content: [
    {type: 'heading', attrs: {level: 2}, content: [{type: 'text', text: 'הנחיות'}]},
    {
      type: 'paragraph',
      content: [
        {type: 'text', marks: [{type: 'bold'}, {type: 'italic'}], text},
        {type: 'hardBreak'},
        {
          type: 'text',
          marks: [
            {
              type: 'link',
              attrs: {
                href: 'https://example.org/a',
                target: '_blank',
                rel: 'noopener noreferrer nofollow',
                class: null,
                title: null,
              },
            },
          ],
          text: 'English link',
        },
      ],
    },
    {
      type: 'bulletList',
      content: [
        {
          type: 'listItem',
          content: [{type: 'paragraph', content: [{type: 'text', text: 'א'}]}],
        },
      ],
    },
    {
      type: 'orderedList',
      attrs: {start: 1, type: null},
      content: [{type: 'listItem', content: [{type: 'paragraph'}]}],
    },
    {
      type: 'blockquote',
      content: [{type: 'paragraph', content: [{type: 'text', text: 'q'}]}],
    },
    {type: 'horizontalRule'},
    {type: 'paragraph'},
  ],
});

const folderArgs = (id: string, over: Record<string, unknown> = {}) => ({id, name: `תיקייה ${id}`, shared: false, ...over});
const pageArgs = (id: string, folderID: string, over: Record<string, unknown> = {}) => ({
  id,
  folderID,
  title: `דף ${id}`,
  content: doc(),
  ...over,
});

const foldersAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.pages.folders.fn({args: undefined, ctx})));
const pageAs = (ctx: AuthContext, id: string) => db.transaction(tx => tx.run(queries.pages.one.fn({args: {id}, ctx})));
const mineOf = (rows: readonly {id: string}[]) => rows.map(r => r.id).filter(id => id.includes(tag));
const storedPage = (id: string) =>
  sql`SELECT p.*, c.content FROM page p LEFT JOIN page_content c ON c.page_id = p.id WHERE p.id = ${id}`;

describe('who reads which folder and page', () => {
  const privateFolder = `f-private-${tag}`;
  const sharedFolder = `f-shared-${tag}`;
  const privatePage = `p-private-${tag}`;
  const sharedPage = `p-shared-${tag}`;
  beforeAll(async () => {
    await mutate(owner, 'pageFolders.create', folderArgs(privateFolder));
    await mutate(owner, 'pageFolders.create', folderArgs(sharedFolder, {shared: true}));
    await mutate(owner, 'pages.create', pageArgs(privatePage, privateFolder));
    await mutate(owner, 'pages.create', pageArgs(sharedPage, sharedFolder));
  });

  test('the owner reads both folders, with their pages’ titles, and each page with its text', async () => {
    const folders = await foldersAs(owner);
    expect(mineOf(folders).sort()).toEqual([privateFolder, sharedFolder].sort());
    expect(folders.find(f => f.id === privateFolder)?.pages.map(p => p.id)).toEqual([privatePage]);
    const page = await pageAs(owner, privatePage);
    expect(page).toMatchObject({title: `דף ${privatePage}`, revision: 1, createdBy: owner.userID, updatedBy: owner.userID});
    expect(page?.content?.content).toEqual(doc());
    expect(page?.folder).toMatchObject({id: privateFolder, shared: false, owner: {id: owner.userID}});
  });

  test('another staff member and the administrator read the shared folder only; the private page never, even by id', async () => {
    for (const ctx of [colleague, admin]) {
      const folders = await foldersAs(ctx);
      expect(mineOf(folders)).toEqual([sharedFolder]);
      expect(folders.find(f => f.id === sharedFolder)?.pages.map(p => p.id)).toEqual([sharedPage]);
      expect(await pageAs(ctx, privatePage)).toBeUndefined();
      expect((await pageAs(ctx, sharedPage))?.content?.content).toEqual(doc());
    }
  });

  test('a blocked user reads nothing, not even a shared page', async () => {
    expect(mineOf(await foldersAs(blocked))).toEqual([]);
    expect(await pageAs(blocked, sharedPage)).toBeUndefined();
  });

  test('a folder made private leaves the colleagues’ screens with its pages, and comes back when shared again', async () => {
    await mutate(owner, 'pageFolders.update', folderArgs(sharedFolder, {shared: false}));
    expect(mineOf(await foldersAs(colleague))).toEqual([]);
    expect(await pageAs(colleague, sharedPage)).toBeUndefined();
    await mutate(owner, 'pageFolders.update', folderArgs(sharedFolder, {shared: true}));
    expect((await pageAs(colleague, sharedPage))?.id).toBe(sharedPage);
  });

  test('writing to another’s private folder or page is refused as not found: nothing tells it exists', async () => {
    const before = [await storedPage(privatePage), await sql`SELECT * FROM page_folder WHERE id = ${privateFolder}`];
    for (const ctx of [colleague, admin]) {
      for (const [name, args] of [
        ['pageFolders.update', folderArgs(privateFolder, {name: 'שלי'})],
        ['pageFolders.delete', {id: privateFolder}],
        ['pages.create', pageArgs(`p-sneak-${tag}`, privateFolder)],
        ['pages.save', {id: privatePage, title: 'שלי', content: doc('x'), revision: 1}],
        ['pages.delete', {id: privatePage}],
      ] as const) {
        expect(await refusal(mutate(ctx, name, args)), `${name} as ${ctx.role}`).toEqual({code: 'notFound'});
      }
    }
    expect([await storedPage(privatePage), await sql`SELECT * FROM page_folder WHERE id = ${privateFolder}`]).toEqual(before);
    expect(await storedPage(`p-sneak-${tag}`)).toEqual([]);
  });
});

describe('who writes a shared folder', () => {
  const folder = `f-office-${tag}`;
  const page = `p-office-${tag}`;
  beforeAll(async () => {
    await mutate(owner, 'pageFolders.create', folderArgs(folder, {shared: true}));
    await mutate(owner, 'pages.create', pageArgs(page, folder));
  });

  test('a colleague reads it but may not add, save, rename or delete: forbidden, nothing written', async () => {
    const before = await storedPage(page);
    for (const [name, args] of [
      ['pageFolders.update', folderArgs(folder, {name: 'שלי', shared: true})],
      ['pageFolders.delete', {id: folder}],
      ['pages.create', pageArgs(`p-colleague-${tag}`, folder)],
      ['pages.save', {id: page, title: 'שלי', content: doc('x'), revision: 1}],
      ['pages.delete', {id: page}],
    ] as const) {
      expect(await refusal(mutate(colleague, name, args)), name).toEqual({code: 'forbidden'});
    }
    expect(await storedPage(page)).toEqual(before);
    expect(await storedPage(`p-colleague-${tag}`)).toEqual([]);
  });

  test('the administrator saves it; the revision moves, and who saved it is recorded', async () => {
    await mutate(admin, 'pages.save', {id: page, title: '  נהלי המשרד  ', content: doc('עודכן'), revision: 1});
    const [row] = await storedPage(page);
    expect(row).toMatchObject({
      title: 'נהלי המשרד',
      revision: 2,
      created_by: owner.userID,
      updated_by: admin.userID,
      content: doc('עודכן'),
    });
    expect(row!.updated_at.getTime()).toBeGreaterThanOrEqual(row!.created_at.getTime());
  });

  test('a save overtaken by another’s is refused (editConflict) and writes nothing; the next revision saves', async () => {
    const before = await storedPage(page);
    expect(await refusal(mutate(owner, 'pages.save', {id: page, title: 'ישן', content: doc('ישן'), revision: 1}))).toEqual({
      code: 'editConflict',
      issues: [{field: 'content', message: 'pageEditConflict'}],
    });
    expect(await storedPage(page)).toEqual(before);
    await mutate(owner, 'pages.save', {id: page, title: 'חדש', content: doc('חדש'), revision: 2});
    expect((await storedPage(page))[0]).toMatchObject({title: 'חדש', revision: 3, updated_by: owner.userID});
  });

  test('deleting a folder takes its pages and their text with it', async () => {
    const gone = `f-gone-${tag}`;
    await mutate(owner, 'pageFolders.create', folderArgs(gone, {shared: true}));
    await mutate(admin, 'pages.create', pageArgs(`p-gone-1-${tag}`, gone));
    await mutate(owner, 'pages.create', pageArgs(`p-gone-2-${tag}`, gone));
    await mutate(admin, 'pageFolders.delete', {id: gone});
    expect(await sql`SELECT id FROM page WHERE folder_id = ${gone}`).toEqual([]);
    expect(await sql`SELECT page_id FROM page_content WHERE page_id IN (${`p-gone-1-${tag}`}, ${`p-gone-2-${tag}`})`).toEqual([]);
    expect(await sql`SELECT id FROM page_folder WHERE id = ${gone}`).toEqual([]);
  });
});

describe('a page’s text holds only what the editor offers', () => {
  const folder = `f-content-${tag}`;
  const page = `p-content-${tag}`;
  beforeAll(async () => {
    await mutate(owner, 'pageFolders.create', folderArgs(folder));
    await mutate(owner, 'pages.create', pageArgs(page, folder));
  });
  const para = (extra: object) => ({type: 'doc', content: [{type: 'paragraph', content: [{type: 'text', text: 'x', ...extra}]}]});
  const BAD: Array<[string, unknown, string]> = [
    ['an image node', {type: 'doc', content: [{type: 'image', attrs: {src: 'https://e.org/x.png'}}]}, 'pageContentInvalid'],
    ['a code block', {type: 'doc', content: [{type: 'codeBlock', content: [{type: 'text', text: 'x'}]}]}, 'pageContentInvalid'],
    ['raw HTML as a string', '<p onclick="x()">hi</p>', 'pageContentInvalid'],
    ['a code mark', para({marks: [{type: 'code'}]}), 'pageContentInvalid'],
    ['a javascript: link', para({marks: [{type: 'link', attrs: {href: 'javascript:alert(1)'}}]}), 'pageContentInvalid'],
    ['an unknown attribute', {type: 'doc', content: [{type: 'paragraph', attrs: {onclick: 'x()'}}]}, 'pageContentInvalid'],
    ['a stored direction', {type: 'doc', content: [{type: 'paragraph', attrs: {dir: 'rtl'}}]}, 'pageContentInvalid'],
    ['a heading of level 6', {type: 'doc', content: [{type: 'heading', attrs: {level: 6}}]}, 'pageContentInvalid'],
    ['text straight in the document', {type: 'doc', content: [{type: 'text', text: 'x'}]}, 'pageContentInvalid'],
    ['a list without items', {type: 'doc', content: [{type: 'bulletList', content: []}]}, 'pageContentInvalid'],
    ['a root that is no document', {type: 'paragraph', content: []}, 'pageContentInvalid'],
    ['lists nested past the limit', {type: 'doc', content: [nest(30)]}, 'pageContentInvalid'],
    [
      'over 100,000 characters',
      {
        type: 'doc',
        content: Array.from({length: 60}, () => ({type: 'paragraph', content: [{type: 'text', text: 'א'.repeat(2000)}]})),
      },
      'pageTooLarge',
    ],
  ];

  test.each(BAD)('%s is refused on create and on save, by field, and nothing is written', async (_, content, message) => {
    const before = await storedPage(page);
    for (const [name, args] of [
      ['pages.save', {id: page, title: 'x', content, revision: 1}],
      ['pages.create', pageArgs(`p-bad-${tag}`, folder, {content})],
    ] as const) {
      expect(await refusal(mutate(owner, name, args as ReadonlyJSONObject)), name).toEqual({
        code: 'invalidInput',
        issues: [{field: 'content', message}],
      });
    }
    expect(await storedPage(page)).toEqual(before);
    expect(await storedPage(`p-bad-${tag}`)).toEqual([]);
  });

  test('just under the cap is kept whole', async () => {
    const long = {
      type: 'doc',
      content: Array.from({length: 45}, () => ({type: 'paragraph', content: [{type: 'text', text: 'א'.repeat(2000)}]})),
    };
    await mutate(owner, 'pages.save', {id: page, title: 'ארוך', content: long, revision: 1});
    expect((await storedPage(page))[0]?.content).toEqual(long);
  });
});

/** Bullet lists inside bullet lists, `depth` deep. */
function nest(depth: number): object {
  const item = (inner: object[]) => ({type: 'listItem', content: [{type: 'paragraph'}, ...inner]});
  let list: object = {type: 'bulletList', content: [item([])]};
  for (let i = 1; i < depth; i++) list = {type: 'bulletList', content: [item([list])]};
  return list;
}

describe('every mutator refuses, and writes nothing', () => {
  const folder = `f-refusals-${tag}`;
  const page = `p-refusals-${tag}`;
  const fresh = `x-fresh-${tag}`;
  beforeAll(async () => {
    await mutate(owner, 'pageFolders.create', folderArgs(folder, {shared: true}));
    await mutate(owner, 'pages.create', pageArgs(page, folder));
  });
  const probe = () =>
    Promise.all([
      sql`SELECT * FROM page_folder WHERE id IN (${folder}, ${fresh}) ORDER BY id`,
      sql`SELECT p.*, c.content FROM page p LEFT JOIN page_content c ON c.page_id = p.id WHERE p.id IN (${page}, ${fresh}) ORDER BY p.id`,
    ]);

  type Case = [name: string, args: () => ReadonlyJSONObject, bad: () => ReadonlyJSONObject, field: string];
  const CASES: Case[] = [
    ['pageFolders.create', () => folderArgs(fresh), () => folderArgs(fresh, {name: '   '}), 'name'],
    ['pageFolders.create', () => folderArgs(fresh), () => folderArgs(fresh, {name: 'א'.repeat(81)}), 'name'],
    ['pageFolders.update', () => folderArgs(folder, {shared: true}), () => folderArgs(folder, {shared: 'yes'}), 'shared'],
    ['pageFolders.delete', () => ({id: folder}), () => ({id: ''}), 'id'],
    ['pages.create', () => pageArgs(fresh, folder), () => pageArgs(fresh, folder, {title: ''}), 'title'],
    ['pages.create', () => pageArgs(fresh, folder), () => pageArgs(fresh, folder, {folderID: 7}), 'folderID'],
    [
      'pages.save',
      () => ({id: page, title: 'חדש', content: doc(), revision: 1}),
      () => ({id: page, title: 'א'.repeat(121), content: doc(), revision: 1}),
      'title',
    ],
    [
      'pages.save',
      () => ({id: page, title: 'חדש', content: doc(), revision: 1}),
      () => ({id: page, title: 'חדש', content: doc(), revision: 0}),
      'revision',
    ],
    ['pages.delete', () => ({id: page}), () => ({}), 'id'],
  ];

  test.each(CASES)('%s by a blocked user', async (name, args) => {
    const before = await probe();
    expect(await refusal(mutate(blocked, name, args()))).toEqual({code: 'notLoggedIn'});
    expect(await probe()).toEqual(before);
  });

  test.each(CASES.filter(([name]) => name !== 'pageFolders.create'))(
    '%s by a colleague who only reads the folder',
    async (name, args) => {
      const before = await probe();
      expect(await refusal(mutate(colleague, name, args()))).toEqual({code: 'forbidden'});
      expect(await probe()).toEqual(before);
    },
  );

  test.each(CASES)('%s with bad input, by field', async (name, _, bad, field) => {
    const before = await probe();
    expect(await refusal(mutate(owner, name, bad()))).toMatchObject({
      code: 'invalidInput',
      issues: expect.arrayContaining([expect.objectContaining({field})]),
    });
    expect(await probe()).toEqual(before);
  });

  test('an id already taken is refused, not overwritten', async () => {
    const before = await probe();
    expect(await refusal(mutate(colleague, 'pageFolders.create', folderArgs(folder)))).toEqual({code: 'unableToSave'});
    expect(await refusal(mutate(owner, 'pages.create', pageArgs(page, folder, {title: 'אחר'})))).toEqual({code: 'unableToSave'});
    expect(await probe()).toEqual(before);
  });
});
