import {LoaderCircle} from 'lucide-react';
import {useId, useRef, useState, type ReactNode} from 'react';
import {errorCodeOf} from '../../../permissions/errors.ts';
import type {FileKind} from '../../../zero-schema.ts';
import {currentLocale} from '../../i18n.ts';
import {ERROR_TEXT} from '../../lib/dictionary.ts';
import {Button} from '../../ui/controls.tsx';
import {FILE_RULES, MAX_DOCUMENTS_PER_CARD, MAX_IMAGE_PIXELS, acceptFor, detectFileType, formatFileSize} from './files.ts';
import * as m from '../../paraglide/messages.js';

/**
 * Uploading a card's file, shared by the staff's Files section (CardFiles) and the candidate's own photo
 * on their edit form (app/self-user/SelfPhoto): the button, its limits, and its errors in words.
 */

/** A file size in the UI language. */
export const sizeText = (bytes: number) => formatFileSize(bytes, currentLocale());
/** A size inside a sentence, isolated left-to-right so "5 MB" stays "5 MB" in Hebrew. */
const maxText = (kind: FileKind) => `\u2066${sizeText(FILE_RULES[kind].maxBytes)}\u2069`;
const tooLarge = (kind: FileKind) => m.files_error_too_large({max: maxText(kind)});
const wrongType = (kind: FileKind) => (kind === 'photo' ? m.files_error_type_photo() : m.files_error_type_document());
export const tooManyFiles = () => m.files_error_too_many({max: MAX_DOCUMENTS_PER_CARD});

/** What a route's own refusals say (a code the dictionary does not know); undefined: not one of them. */
export type RefusalText = (code: string | undefined) => string | undefined;

/** A network failure becomes undefined instead of a throw. */
export const fetchOrNot = (url: string, init: RequestInit) =>
  fetch(url, {credentials: 'same-origin', ...init}).catch(() => undefined);

/** Undefined when the call succeeded, else the translated reason (the server's code, or the network). */
export async function fileCallProblem(
  call: Promise<Response | undefined>,
  kind: FileKind,
  refusalText?: RefusalText,
): Promise<string | undefined> {
  const response = await call;
  if (!response) return m.error_network();
  if (response.ok) return undefined;
  const code = ((await response.json().catch(() => ({}))) as {error?: string}).error;
  if (code === 'fileTooLarge') return tooLarge(kind);
  if (code === 'fileType') return wrongType(kind);
  if (code === 'tooManyFiles') return tooManyFiles();
  // An image the server could not decode, or one with too many pixels (server/files/images.ts).
  if (code === 'imageUnreadable') return m.files_error_image_unreadable();
  if (code === 'imageTooLarge') {
    return m.files_error_image_pixels({max: new Intl.NumberFormat(currentLocale()).format(MAX_IMAGE_PIXELS / 1_000_000)});
  }
  const own = refusalText?.(code);
  if (own) return own;
  const known = errorCodeOf({code});
  return known ? ERROR_TEXT[known]() : m.error_server();
}

/**
 * One upload button with its limits below it and its error right there. Size and type are checked in
 * the browser first (the same rules and signature check as the server, which has the last word); the
 * file goes to `action` as multipart {kind, file}.
 */
export function UploadControl({
  action,
  kind,
  label,
  icon,
  full = false,
  refusalText,
  onUploaded,
}: {
  action: string;
  kind: FileKind;
  label: string;
  icon: ReactNode;
  /** The card holds as many files of this kind as it may. */
  full?: boolean;
  refusalText?: RefusalText;
  /** After a successful upload (staff screens need none: Zero shows the new file). */
  onUploaded?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();
  const rule = FILE_RULES[kind];
  const max = maxText(kind);

  async function upload(file: File) {
    setError(undefined);
    if (file.size > rule.maxBytes) return setError(tooLarge(kind));
    const type = detectFileType(new Uint8Array(await file.arrayBuffer()));
    if (!type || !rule.types.includes(type)) return setError(wrongType(kind));
    const form = new FormData();
    form.set('kind', kind);
    form.set('file', file);
    setBusy(true);
    const problem = await fileCallProblem(fetchOrNot(action, {method: 'POST', body: form}), kind, refusalText);
    setBusy(false);
    setError(problem);
    if (!problem) onUploaded?.();
  }

  return (
    <div className="space-y-1.5">
      <input
        ref={input}
        type="file"
        accept={acceptFor(kind)}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={e => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file may be chosen again after a fix
          if (file) void upload(file);
        }}
        data-testid={`files-input-${kind}`}
      />
      <Button
        variant="secondary"
        disabled={busy || full}
        onClick={() => input.current?.click()}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        data-testid={`files-upload-${kind}`}
      >
        {busy ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden /> : icon}
        {busy ? m.files_uploading() : label}
      </Button>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {full ? tooManyFiles() : kind === 'photo' ? m.files_hint_photo({max}) : m.files_hint_document({max})}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-600" data-testid={`files-error-${kind}`}>
          {error}
        </p>
      )}
    </div>
  );
}
