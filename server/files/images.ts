import sharp from 'sharp';
import {MAX_IMAGE_PIXELS, type FileType} from '../../app/candidates/card/files.ts';
import type {FileKind} from '../../zero-schema.ts';

/**
 * Every uploaded image is decoded and written anew (issue 33), so what another user downloads is pixels
 * only: no EXIF (GPS position, the device), XMP, IPTC or comments, and nothing a polyglot hid between or
 * after the image's segments. The orientation tag is applied first (the picture stays upright without
 * it), a wide-gamut ICC profile is converted to sRGB rather than kept, and an image whose header claims
 * more pixels than MAX_IMAGE_PIXELS (a decompression bomb) is refused before it is decoded.
 */

/** A photo's longer side is brought down to this; it shows on a card and in a print, never larger. */
export const MAX_PHOTO_SIDE = 2560;
/** A decode that takes longer (a crafted file) is abandoned. */
const TIMEOUT_SECONDS = 20;

// Each upload is decoded once: libvips' operation cache would only keep its pixels in memory.
sharp.cache(false);

export type ImageRefusal = 'imageTooLarge' | 'imageUnreadable';
export type Reencoded = {bytes: Uint8Array; type: FileType};

/** The format name sharp reports for each image type the app accepts (app/candidates/card/files.ts). */
const FORMATS: Partial<Record<FileType, string>> = {'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp'};

export const isImageType = (type: FileType) => type in FORMATS;

/**
 * One image at a time: a 48-megapixel scan takes about 300 MB and a core while it is written, so a burst
 * of large uploads waits its turn rather than decoding side by side on a two-core server.
 */
let queue: Promise<unknown> = Promise.resolve();

/**
 * An accepted upload of an image type, re-encoded: a photo becomes a JPEG of at most MAX_PHOTO_SIDE
 * (transparency on white, as the card shows it); an image among the documents (a scan) keeps its type
 * and size, since its detail is the point. The refusal when the bytes are not a whole image of the type
 * their signature shows (imageUnreadable) or hold too many pixels (imageTooLarge).
 */
export function reencodeImage(bytes: Uint8Array, type: FileType, kind: FileKind): Promise<Reencoded | ImageRefusal> {
  const turn = queue.then(() => reencode(bytes, type, kind));
  queue = turn.catch(() => undefined);
  return turn;
}

async function reencode(bytes: Uint8Array, type: FileType, kind: FileKind): Promise<Reencoded | ImageRefusal> {
  // The header only, without the pixel limit, so a bomb is told apart from a broken file.
  const header = await sharp(bytes, {limitInputPixels: false})
    .metadata()
    .catch(() => undefined);
  if (!header || header.format !== FORMATS[type] || !header.width || !header.height) return 'imageUnreadable';
  if (header.width * header.height > MAX_IMAGE_PIXELS) return 'imageTooLarge';

  // Only the first frame of an animation; a truncated or corrupt image fails rather than coming out grey.
  const image = sharp(bytes, {limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false, sequentialRead: true})
    .timeout({seconds: TIMEOUT_SECONDS})
    .autoOrient();
  const output =
    kind === 'photo'
      ? image
          .resize({width: MAX_PHOTO_SIDE, height: MAX_PHOTO_SIDE, fit: 'inside', withoutEnlargement: true})
          .flatten({background: '#ffffff'})
          .jpeg({quality: 85})
      : type === 'image/png'
        ? image.png({compressionLevel: 9})
        : image.jpeg({quality: 90});
  try {
    // sharp converts to sRGB by the input's profile and writes no metadata unless asked (keepExif,
    // withMetadata, keepIccProfile…): none is asked. A grey scan stays grey.
    const written = await output.toBuffer();
    return {
      bytes: new Uint8Array(written.buffer, written.byteOffset, written.byteLength),
      type: kind === 'photo' ? 'image/jpeg' : type,
    };
  } catch {
    return 'imageUnreadable';
  }
}
