import {getSchema} from '@tiptap/core';
import type {Mark, Node} from '@tiptap/pm/model';
import * as v from 'valibot';
import {describe, expect, test} from 'vitest';
import {pageDocSchema} from '../../app/pages/content.ts';
import {editorExtensions} from '../../app/pages/editor-extensions.ts';

/**
 * The editor (app/pages/editor-extensions.ts) and the server's schema of a page's text
 * (app/pages/content.ts) agree: everything the editor can make is accepted, and everything accepted is
 * a valid document of the editor. The schema is TipTap's own, built from the very extensions the page
 * editor uses; its toJSON() is what editor.getJSON() sends.
 */
const schema = getSchema(editorExtensions('placeholder'));
const {nodes: n, marks: k} = schema;

describe('a page’s text: the editor and the server agree', () => {
  test('the editor offers exactly the nodes and marks the server accepts', () => {
    expect(Object.keys(n).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'doc',
        'hardBreak',
        'heading',
        'horizontalRule',
        'listItem',
        'orderedList',
        'paragraph',
        'text',
      ].sort(),
    );
    expect(Object.keys(k).sort()).toEqual(['bold', 'italic', 'link', 'strike', 'underline']);
  });

  test('a document using every node and mark, as the editor stores it, is accepted', () => {
    const text = (t: string, ...marks: Mark[]) => schema.text(t, marks);
    const para = (...content: Node[]) => n.paragraph!.create(null, content);
    const item = (t: string) => n.listItem!.create(null, [para(text(t))]);
    const doc = n.doc!.create(null, [
      n.heading!.create({level: 2}, [text('הנחיות')]),
      n.paragraph!.create(null, [
        text('מודגש', k.bold!.create()),
        text(' נטוי', k.italic!.create()),
        text(' קו', k.underline!.create(), k.strike!.create()),
        n.hardBreak!.create(),
        text('English link', k.link!.create({href: 'https://example.org/guide'})),
        text(' mail', k.link!.create({href: 'mailto:office@example.org'})),
      ]),
      n.bulletList!.create(null, [
        item('א'),
        n.listItem!.create(null, [para(text('ב')), n.orderedList!.create(null, [item('1')])]),
      ]),
      n.orderedList!.create({start: 3}, [item('ג')]),
      n.blockquote!.create(null, [para(text('ציטוט'))]),
      n.horizontalRule!.create(),
      n.paragraph!.create(),
    ]);
    doc.check();
    const json = doc.toJSON();
    // The text direction is drawn, not stored: no node carries more than its own attributes.
    expect(json.content[0]).toEqual({type: 'heading', attrs: {level: 2}, content: [{type: 'text', text: 'הנחיות'}]});
    const result = v.safeParse(pageDocSchema, json);
    expect(result.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });

  test('what the server accepts is a valid document of the editor, also without the optional attributes', () => {
    const minimal = {
      type: 'doc',
      content: [
        {type: 'heading', attrs: {level: 1}, content: [{type: 'text', text: 'כותרת'}]},
        {type: 'paragraph'},
        {
          type: 'orderedList',
          content: [{type: 'listItem', content: [{type: 'paragraph', content: [{type: 'text', text: 'x'}]}]}],
        },
      ],
    };
    expect(v.is(pageDocSchema, minimal)).toBe(true);
    expect(() => schema.nodeFromJSON(minimal).check()).not.toThrow();
  });

  test('the editor’s own links to anything but the web or mail are refused', () => {
    const doc = n.doc!.create(null, [
      n.paragraph!.create(null, [schema.text('x', [k.link!.create({href: 'javascript:alert(1)'})])]),
    ]);
    expect(v.is(pageDocSchema, doc.toJSON())).toBe(false);
  });
});
