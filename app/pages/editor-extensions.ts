import StarterKit from '@tiptap/starter-kit';
import Placeholder from '@tiptap/extension-placeholder';
import {ALLOWED_LINK} from './content.ts';

/**
 * The editor's nodes and marks: exactly what app/pages/content.ts lets the server store (no code, no
 * images, no tables); pasted HTML is parsed into these, and anything else is dropped. Apart from the
 * React components so a unit test can hold the two to each other (tests/unit/page-content.test.ts).
 */

/** Every paragraph, heading and list gets dir="auto": a Hebrew line reads right to left, an English one left to right. */
export const TEXT_DIRECTION = 'auto';

export const editorExtensions = (placeholder?: string) => [
  StarterKit.configure({
    heading: {levels: [1, 2, 3]},
    code: false,
    codeBlock: false,
    link: {openOnClick: false, autolink: false, isAllowedUri: url => ALLOWED_LINK.test(url)},
  }),
  ...(placeholder ? [Placeholder.configure({placeholder})] : []),
];
