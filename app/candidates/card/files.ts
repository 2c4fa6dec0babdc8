import type {FileKind} from '../../../zero-schema.ts';

/**
 * A card's files (spec §3 "photo", "files"): what may be uploaded, shared by the browser (instant
 * errors, the picker's accept list) and the server (the authoritative check). A file's type is what
 * its bytes say, never what the browser declares.
 */

export const FILE_KINDS = ['photo', 'document'] as const satisfies readonly FileKind[];

export const isFileKind = (value: unknown): value is FileKind => value === 'photo' || value === 'document';

const MB = 1024 * 1024;

/** Each type the app accepts, with the extensions its downloads get. */
export const FILE_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
} as const;
export type FileType = keyof typeof FILE_TYPES;

export const FILE_RULES: Record<FileKind, {maxBytes: number; types: readonly FileType[]}> = {
  photo: {maxBytes: 5 * MB, types: ['image/jpeg', 'image/png', 'image/webp']},
  document: {
    maxBytes: 10 * MB,
    types: [
      'application/pdf',
      'image/jpeg',
      'image/png',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
  },
};

/**
 * The most pixels an uploaded image may have (the server refuses more, imageTooLarge, before decoding
 * it): 50 megapixels is more than a phone's photo, and a decompression bomb declares far more.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Documents one card may hold (a new photo replaces the old one): the server refuses more (tooManyFiles). */
export const MAX_DOCUMENTS_PER_CARD = 40;

/** The largest upload of any kind (the server's body limit adds room for the multipart wrapping). */
export const MAX_FILE_BYTES = Math.max(...Object.values(FILE_RULES).map(r => r.maxBytes));

/** The file picker's filter: extensions and types of a kind. */
export const acceptFor = (kind: FileKind) =>
  FILE_RULES[kind].types.flatMap(type => [...FILE_TYPES[type].map(ext => `.${ext}`), type]).join(',');

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map(c => c.charCodeAt(0));

/** The type the bytes' signature shows, or undefined for anything the app does not accept. */
export function detectFileType(bytes: Uint8Array): FileType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  // Word 97–2003: an OLE2 compound file with a WordDocument stream (not Excel or Outlook's).
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && contains(bytes, utf16('WordDocument'))) {
    return 'application/msword';
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && isWordZip(bytes)) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return undefined;
}

const utf16 = (text: string) => [...text].flatMap(c => [c.charCodeAt(0), 0]);

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  const first = needle[0]!;
  for (let i = bytes.indexOf(first); i !== -1 && i + needle.length <= bytes.length; i = bytes.indexOf(first, i + 1)) {
    if (startsWith(bytes, needle, i)) return true;
  }
  return false;
}

/** A .docx is a ZIP whose central directory names [Content_Types].xml and word/document.xml. */
function isWordZip(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: in the last 22 bytes plus up to 64 KiB of comment.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return false;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new Set<string>();
  const decoder = new TextDecoder();
  for (let n = 0; n < entries && at + 46 <= bytes.length; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) return false;
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    names.add(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extra + comment;
  }
  return names.has('[Content_Types].xml') && names.has('word/document.xml');
}

/**
 * The name a download is offered under: the original's last path segment without control or
 * direction-override characters (no "gpj.exe" tricks) or characters file systems refuse, at most 120
 * characters before an extension that matches the detected type.
 */
export function safeFileName(original: string, type: FileType): string {
  const cleaned = (original.normalize('NFC').split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const extensions: readonly string[] = FILE_TYPES[type];
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? cleaned.slice(dot + 1).toLowerCase() : '';
  const known = extensions.includes(ext);
  const base = [...(known ? cleaned.slice(0, dot) : cleaned)].slice(0, 120).join('').trim() || 'file';
  return `${base}.${known ? ext : extensions[0]}`;
}

/**
 * "340 kB", "1.3 MB" in the user's language: number, then unit, always in that order (Hebrew's singular
 * pattern would give "kB 1"), with a no-break space between them.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const megabytes = bytes >= MB;
  const parts = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).formatToParts(megabytes ? bytes / MB : Math.max(1, Math.round(bytes / 1024)));
  const number = parts.filter(p => ['integer', 'group', 'decimal', 'fraction'].includes(p.type)).map(p => p.value);
  const unit = parts.find(p => p.type === 'unit')?.value ?? '';
  return `${number.join('')}\u00a0${unit}`;
}
