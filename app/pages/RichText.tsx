import {EditorContent, useEditor, useEditorState, type Editor} from '@tiptap/react';
import {clsx} from 'clsx';
import {Bold, Heading2, Heading3, Italic, Link2, List, ListOrdered, Quote, Unlink, type LucideIcon} from 'lucide-react';
import {useEffect, useState, type FormEvent} from 'react';
import {Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {ALLOWED_LINK} from './content.ts';
import {editorExtensions} from './editor-extensions.ts';
import * as m from '../paraglide/messages.js';
import type {PageDoc} from '../tables/pages.ts';

/**
 * A staff page's rich text, written and shown with TipTap (a maintained ProseMirror editor), with the
 * nodes and marks of ./editor-extensions.ts, each block in its own text direction whatever the
 * interface language.
 */

/** The text's own look (app/styles.css `.rich-text`), the same when written and when read. */
const TEXT_CLASS = 'rich-text text-base leading-relaxed text-slate-800 focus:outline-none';

/** The editor of one page's text, started from `initial`; `onEdit` hears every change the user makes. */
export function usePageEditor(initial: PageDoc, onEdit: () => void) {
  return useEditor({
    extensions: editorExtensions(m.pages_placeholder()),
    content: initial,
    editorProps: {
      attributes: {
        class: clsx(TEXT_CLASS, 'min-h-64 px-4 py-3'),
        'aria-label': m.pages_content_label(),
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'page-editor',
      },
    },
    onUpdate: onEdit,
  });
}

/** A page's text as readers see it: read-only, following every save live. */
export function RichTextView({content}: {content: PageDoc}) {
  const editor = useEditor({
    extensions: editorExtensions(),
    content,
    editable: false,
    editorProps: {attributes: {class: TEXT_CLASS, 'data-testid': 'page-text'}},
  });
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.commands.setContent(content, {emitUpdate: false});
  }, [editor, content]);
  return <EditorContent editor={editor} />;
}

/** The editor with its toolbar, framed as one field. */
export function RichTextEditor({editor}: {editor: Editor}) {
  return (
    <div className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-500">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

type Tool = {
  icon: LucideIcon;
  label: () => string;
  testid: string;
  active: (e: Editor) => boolean;
  run: (e: Editor) => void;
};

const TOOLS: Tool[] = [
  {
    icon: Heading2,
    label: m.pages_tool_heading,
    testid: 'tool-heading',
    active: e => e.isActive('heading', {level: 2}),
    run: e => e.chain().focus().toggleHeading({level: 2}).run(),
  },
  {
    icon: Heading3,
    label: m.pages_tool_subheading,
    testid: 'tool-subheading',
    active: e => e.isActive('heading', {level: 3}),
    run: e => e.chain().focus().toggleHeading({level: 3}).run(),
  },
  {
    icon: Bold,
    label: m.pages_tool_bold,
    testid: 'tool-bold',
    active: e => e.isActive('bold'),
    run: e => e.chain().focus().toggleBold().run(),
  },
  {
    icon: Italic,
    label: m.pages_tool_italic,
    testid: 'tool-italic',
    active: e => e.isActive('italic'),
    run: e => e.chain().focus().toggleItalic().run(),
  },
  {
    icon: List,
    label: m.pages_tool_bullets,
    testid: 'tool-bullets',
    active: e => e.isActive('bulletList'),
    run: e => e.chain().focus().toggleBulletList().run(),
  },
  {
    icon: ListOrdered,
    label: m.pages_tool_numbers,
    testid: 'tool-numbers',
    active: e => e.isActive('orderedList'),
    run: e => e.chain().focus().toggleOrderedList().run(),
  },
  {
    icon: Quote,
    label: m.pages_tool_quote,
    testid: 'tool-quote',
    active: e => e.isActive('blockquote'),
    run: e => e.chain().focus().toggleBlockquote().run(),
  },
];

function Toolbar({editor}: {editor: Editor}) {
  // Re-renders the toolbar only when a button's pressed state changes, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({editor: e}) => ({active: TOOLS.map(t => t.active(e)), link: e.isActive('link')}),
  });
  const [linking, setLinking] = useState(false);
  const button = (pressed: boolean) =>
    clsx('rounded-lg p-2 text-slate-600 hover:bg-brand-50 hover:text-brand-700', pressed && 'bg-brand-100 text-brand-800');
  return (
    <div
      role="toolbar"
      aria-label={m.pages_toolbar()}
      className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-2 py-1"
    >
      {TOOLS.map((tool, i) => (
        <button
          key={tool.testid}
          type="button"
          className={button(state.active[i]!)}
          aria-pressed={state.active[i]}
          aria-label={tool.label()}
          title={tool.label()}
          onClick={() => tool.run(editor)}
          data-testid={tool.testid}
        >
          <tool.icon className="size-4" aria-hidden />
        </button>
      ))}
      <button
        type="button"
        className={button(state.link)}
        aria-pressed={state.link}
        aria-label={state.link ? m.pages_tool_unlink() : m.pages_tool_link()}
        title={state.link ? m.pages_tool_unlink() : m.pages_tool_link()}
        onClick={() => (state.link ? editor.chain().focus().unsetLink().run() : setLinking(true))}
        data-testid="tool-link"
      >
        {state.link ? <Unlink className="size-4" aria-hidden /> : <Link2 className="size-4" aria-hidden />}
      </button>
      {linking && <LinkDialog editor={editor} onClose={() => setLinking(false)} />}
    </div>
  );
}

/** An address for the selected words; "example.org" becomes https://example.org, an email a mailto: link. */
function LinkDialog({editor, onClose}: {editor: Editor; onClose: () => void}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const text = typed.trim();
    const href = ALLOWED_LINK.test(text) ? text : text.includes('@') ? `mailto:${text}` : `https://${text}`;
    if (!text || /\s/.test(text) || !URL.canParse(href)) return setError(m.pages_link_invalid());
    const chain = editor.chain().focus();
    // With nothing selected, the address itself becomes the linked text.
    if (editor.state.selection.empty) chain.insertContent({type: 'text', text, marks: [{type: 'link', attrs: {href}}]}).run();
    else chain.extendMarkRange('link').setLink({href}).run();
    onClose();
  };
  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={m.pages_tool_link()}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="link-form">
        <Field label={m.pages_link_address()} error={error}>
          {p => (
            <TextInput
              {...p}
              dir="ltr"
              inputMode="url"
              value={typed}
              onChange={e => (setTyped(e.target.value), setError(undefined))}
              autoFocus
              data-testid="link-address"
            />
          )}
        </Field>
        <DialogActions saving={false} onCancel={onClose} testid="link-submit" />
      </form>
    </Dialog>
  );
}
