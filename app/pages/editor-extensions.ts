import {Extension} from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Placeholder from '@tiptap/extension-placeholder';
import {Plugin, PluginKey} from '@tiptap/pm/state';
import {Decoration, DecorationSet} from '@tiptap/pm/view';
import {ALLOWED_LINK} from './content.ts';

/**
 * The editor's nodes and marks: exactly what app/pages/content.ts lets the server store (no code, no
 * images, no tables); pasted HTML is parsed into these, and anything else is dropped. Apart from the
 * React components so a unit test can hold the two to each other (tests/unit/page-content.test.ts).
 */

/**
 * Each top-level block reads in its own direction: a Hebrew paragraph right to left, an English one left
 * to right, whatever the interface language. It is drawn, not stored: every block of the document gets
 * dir="auto" while shown. Only the top level: the browser's auto direction skips descendants that carry
 * their own dir, so a list (or quote) with dir on its items would find no text and fall back to left to
 * right; without, the whole list takes its first item's direction, markers and indent included. A block
 * without text keeps the interface's direction, so the caret of an empty Hebrew line starts on the right.
 */
const BlockDirection = Extension.create({
  name: 'blockDirection',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('blockDirection'),
        props: {
          decorations: state => {
            const marks: Decoration[] = [];
            state.doc.forEach((block, offset) => {
              if (block.textContent.trim() !== '') marks.push(Decoration.node(offset, offset + block.nodeSize, {dir: 'auto'}));
            });
            return DecorationSet.create(state.doc, marks);
          },
        },
      }),
    ];
  },
});

export const editorExtensions = (placeholder?: string) => [
  StarterKit.configure({
    heading: {levels: [1, 2, 3]},
    code: false,
    codeBlock: false,
    link: {openOnClick: false, autolink: false, isAllowedUri: url => ALLOWED_LINK.test(url)},
  }),
  BlockDirection,
  ...(placeholder ? [Placeholder.configure({placeholder})] : []),
];
