import type {Context} from 'hono';
import {
  FILE_RULES,
  FILE_TYPES,
  MAX_IMAGE_PIXELS,
  detectFileType,
  isFileKind,
  safeFileName,
  type FileType,
} from '../../app/candidates/card/files.ts';
import type {FileKind} from '../../zero-schema.ts';
import {fail} from '../http/body.ts';
import {isImageType, reencodeImage} from './images.ts';
import type {FileStorage} from './storage.ts';

/**
 * What the staff's file routes (routes.ts) and the candidate's own photo (server/self-edit/photo-routes.ts)
 * share: reading an upload against its kind's rules, serving stored bytes, and forgetting replaced ones.
 */

/** The room a multipart form needs around the largest file it may carry. */
export const MULTIPART_OVERHEAD = 64 * 1024;

export type Upload = {kind: FileKind; bytes: Uint8Array; type: FileType; name: string};

/**
 * The file of a multipart form {file, kind} once it passes its kind's rules (FILE_RULES: size, and the
 * type its bytes' signature shows, never the declared one), an image re-encoded (images.ts: no metadata,
 * a photo a JPEG of bounded size), or the refusal: 400 invalidInput (no form, no file, a kind not among
 * `kinds`), 413 fileTooLarge, 415 fileType, 413 imageTooLarge (too many pixels), 415 imageUnreadable
 * (the signature of an image, but not one that decodes).
 */
export async function readUpload(c: Context, kinds: readonly FileKind[]): Promise<Upload | Response> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return fail(c, 400, 'invalidInput', 'Send a multipart form with a file and its kind');
  }
  const kind = form.get('kind');
  const file = form.get('file');
  if (!isFileKind(kind) || !kinds.includes(kind) || !(file instanceof File) || file.size === 0) {
    return fail(c, 400, 'invalidInput', `Send a multipart form with a file and its kind (${kinds.join(' or ')})`);
  }
  const rule = FILE_RULES[kind];
  if (file.size > rule.maxBytes) {
    return fail(c, 413, 'fileTooLarge', `A ${kind} may be at most ${rule.maxBytes / 1024 / 1024} MB`);
  }
  const original = new Uint8Array(await file.arrayBuffer());
  const detected = detectFileType(original);
  if (!detected || !rule.types.includes(detected)) {
    return fail(c, 415, 'fileType', `A ${kind} must be one of: ${rule.types.join(', ')}`);
  }
  const image = isImageType(detected) ? await reencodeImage(original, detected, kind) : {bytes: original, type: detected};
  if (image === 'imageTooLarge') {
    return fail(c, 413, 'imageTooLarge', `An image may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  }
  if (image === 'imageUnreadable') return fail(c, 415, 'imageUnreadable', `This is not a readable ${detected} image`);
  // The name keeps the original's, with the extension of what is stored ("me.png" stored as a JPEG: "me.jpg").
  const named = safeFileName(file.name, detected);
  const name = image.type === detected ? named : `${named.slice(0, named.lastIndexOf('.'))}.${FILE_TYPES[image.type][0]}`;
  return {kind, bytes: image.bytes, type: image.type, name};
}

/**
 * A stored file's bytes, as an attachment under its name. They never change under its id: the browser
 * may keep them, but asks again each time, so a revoked right or a deleted file is honoured at once.
 */
export async function serveStoredFile(
  c: Context,
  storage: FileStorage,
  file: {id: string; profileID: string; name: string; mime: string},
) {
  const etag = `"${file.id}"`;
  const headers = {
    'Cache-Control': 'private, no-cache',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  const bytes = await storage.get(file.id);
  if (!bytes) {
    console.error(`file ${file.id} (card ${file.profileID}) has a row but no bytes in the storage`);
    return fail(c, 404, 'notFound', 'No such file or card, or not one you may see');
  }
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    ...headers,
    'Content-Type': file.mime,
    'Content-Length': String(bytes.length),
    'Content-Disposition': contentDisposition(file.name),
  });
}

/** Bytes whose row is gone; a failure leaves an orphan on disk (logged), never a dangling row. */
export async function forgetBytes(storage: FileStorage, id: string) {
  try {
    await storage.delete(id);
  } catch (error) {
    console.error(`could not delete the bytes of file ${id}: ${(error as Error).message}`);
  }
}

/** attachment; an ASCII fallback name and the exact UTF-8 one (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, ch => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
