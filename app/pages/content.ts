import * as v from 'valibot';
import type {PageBlock, PageDoc, PageInline, PageListItem, PageMark} from '../tables/pages.ts';

/**
 * A page's rich text as stored: TipTap's ProseMirror JSON (editor.getJSON()), never HTML. The server
 * re-validates every save with this schema, so only the nodes and marks the editor offers
 * (RichText.tsx) ever reach the database or another browser: paragraphs, headings 1–3, bullet and
 * numbered lists, quotes, rules and line breaks; bold, italic, underline, strike and web or mail links.
 * No attribute beyond those (a block's text direction is drawn by the editor, not stored).
 */

/** The JSON's size at most, in characters: a long guideline fits many times over; a pasted book does not. */
export const CONTENT_MAX_CHARS = 100_000;
/** Nesting at most (lists inside lists inside quotes): deeper is no document a person writes. */
export const CONTENT_MAX_DEPTH = 20;

/** A node without attributes: none, or an empty object. */
const noAttrs = v.optional(v.strictObject({}));

/** Links open the web or a mail client; never javascript: or data: addresses. */
export const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;
const href = v.pipe(
  v.string(),
  v.maxLength(2000),
  v.check(url => ALLOWED_LINK.test(url)),
);

const mark: v.GenericSchema<PageMark> = v.variant('type', [
  v.strictObject({type: v.picklist(['bold', 'italic', 'underline', 'strike'])}),
  v.strictObject({
    type: v.literal('link'),
    attrs: v.strictObject({
      href,
      target: v.optional(v.nullable(v.literal('_blank'))),
      rel: v.optional(v.nullable(v.literal('noopener noreferrer nofollow'))),
      class: v.optional(v.null()),
      title: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
    }),
  }),
]);
const marks = v.optional(v.pipe(v.array(mark), v.maxLength(5)));

const inline: v.GenericSchema<PageInline> = v.variant('type', [
  v.strictObject({type: v.literal('text'), text: v.pipe(v.string(), v.nonEmpty()), marks}),
  v.strictObject({type: v.literal('hardBreak'), attrs: noAttrs, marks}),
]);
const inlineContent = v.optional(v.array(inline));

const blocks: v.GenericSchema<PageBlock[]> = v.lazy(() => v.pipe(v.array(block), v.minLength(1)));
const listItems: v.GenericSchema<PageListItem[]> = v.lazy(() =>
  v.pipe(v.array(v.strictObject({type: v.literal('listItem'), attrs: noAttrs, content: blocks})), v.minLength(1)),
);

const block: v.GenericSchema<PageBlock> = v.variant('type', [
  v.strictObject({type: v.literal('paragraph'), attrs: noAttrs, content: inlineContent}),
  v.strictObject({
    type: v.literal('heading'),
    attrs: v.strictObject({level: v.picklist([1, 2, 3])}),
    content: inlineContent,
  }),
  v.strictObject({type: v.literal('bulletList'), attrs: noAttrs, content: listItems}),
  v.strictObject({
    type: v.literal('orderedList'),
    attrs: v.optional(
      v.strictObject({
        start: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10_000))),
        type: v.optional(v.nullable(v.picklist(['1', 'a', 'A', 'i', 'I']))),
      }),
    ),
    content: listItems,
  }),
  v.strictObject({type: v.literal('blockquote'), attrs: noAttrs, content: blocks}),
  v.strictObject({type: v.literal('horizontalRule'), attrs: noAttrs}),
]);

const doc = v.strictObject({type: v.literal('doc'), attrs: noAttrs, content: blocks});

/** How deep the JSON nests, walked without recursion (a hostile body cannot overflow the stack). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (node && typeof node === 'object') for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * A page's text, whole: small enough, shallow enough, and only allowed nodes, marks and attributes.
 * One field ('content') carries whichever refusal, with its own message key (app/lib/field-errors.ts).
 * JSON nests about three levels per document level (node, content array, node).
 */
export const pageDocSchema = v.config(
  v.pipe(
    v.custom<PageDoc>(input => typeof input === 'object' && input !== null && !Array.isArray(input), 'pageContentInvalid'),
    v.check(input => JSON.stringify(input).length <= CONTENT_MAX_CHARS, 'pageTooLarge'),
    v.check(input => depthOf(input) <= CONTENT_MAX_DEPTH * 3, 'pageContentInvalid'),
    v.check(input => v.is(doc, input), 'pageContentInvalid'),
  ),
  {abortPipeEarly: true},
);

/** An empty page: one empty paragraph, as the editor starts. */
export const EMPTY_DOC: PageDoc = {type: 'doc', content: [{type: 'paragraph'}]};
