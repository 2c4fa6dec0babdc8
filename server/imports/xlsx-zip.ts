import {Transform, type Readable} from 'node:stream';
import yauzl, {type Entry, type ZipFile} from 'yauzl';
import {SheetRefused} from './refusal.ts';

/**
 * An .xlsx is a zip of XML parts, and a zip can be a bomb (issue 33): 1 MB of deflated repetition
 * unpacks to gigabytes. Before a byte is inflated, the zip's directory is read (yauzl) and the file is
 * refused (`unsafeFile`) when it has more parts than a workbook needs, declares more inflated bytes in
 * all than a 20 MB sheet can hold, or any large part inflates more than a real sheet does. Then only
 * the parts the import reads are opened, each counted as it inflates (a part that lies about its size
 * is refused by yauzl's own size check, and by the caps here), and each is refused if it holds a DTD:
 * OOXML has none, and a DTD is how XML entity expansion ("billion laughs") starts.
 */

/** A workbook of a few sheets has 10-30 parts; hundreds means images or padding, thousands an attack. */
export const MAX_ZIP_ENTRIES = 500;
/**
 * All parts together, inflated. A 20 MB upload of 100,000 exceljs-written rows is 6.7 MB whose sheet
 * inflates to 57 MB (8.5:1); the cap leaves room for a 20 MB sheet at 20:1.
 */
export const MAX_INFLATED_BYTES = 400 * 1024 * 1024;
/** The shared strings are held in memory while the sheet is read: a smaller cap of their own. */
export const MAX_SHARED_STRINGS_BYTES = 100 * 1024 * 1024;
/** Sheets' XML deflates 5-20:1; a part over a megabyte that deflates more than this is built to. */
export const MAX_INFLATION_RATIO = 100;
const RATIO_FROM_BYTES = 1024 * 1024;

const SHARED_STRINGS = 'xl/sharedStrings.xml';
const DTD = /<!(DOCTYPE|ENTITY)/i;

const refused = () => new SheetRefused('unsafeFile');

const openZip = (bytes: Uint8Array) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {lazyEntries: true}, (error, zip) =>
      error ? reject(new SheetRefused('unreadable')) : resolve(zip),
    ),
  );

/** Every entry of the central directory, refused past MAX_ZIP_ENTRIES, too large in all or inflating too much. */
function entriesOf(zip: ZipFile) {
  return new Promise<Map<string, Entry>>((resolve, reject) => {
    const entries = new Map<string, Entry>();
    let declared = 0;
    zip.on('entry', (entry: Entry) => {
      declared += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        entries.size >= MAX_ZIP_ENTRIES ||
        declared > MAX_INFLATED_BYTES ||
        (entry.uncompressedSize > RATIO_FROM_BYTES && ratio > MAX_INFLATION_RATIO) ||
        (entry.fileName === SHARED_STRINGS && entry.uncompressedSize > MAX_SHARED_STRINGS_BYTES)
      ) {
        zip.close();
        return reject(refused());
      }
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(new SheetRefused('unreadable')));
    zip.readEntry();
  });
}

/** The zip's parts by name, each opened as a stream of its inflated bytes under the caps. */
export async function xlsxParts(bytes: Uint8Array) {
  const zip = await openZip(bytes);
  const entries = await entriesOf(zip);
  let inflated = 0;

  /** The part's bytes as they inflate; the stream fails with SheetRefused when they break a cap or hold a DTD. */
  async function open(name: string): Promise<Readable> {
    const entry = entries.get(name);
    if (!entry) throw new SheetRefused('unreadable');
    const raw = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, stream) => (error ? reject(new SheetRefused('unreadable')) : resolve(stream))),
    );
    let tail = '';
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        inflated += chunk.length;
        // The end of the last chunk is kept so that a DTD split between two chunks is still seen.
        const text = tail + chunk.toString('latin1');
        tail = text.slice(-16);
        if (inflated > MAX_INFLATED_BYTES || DTD.test(text)) return done(refused());
        done(null, chunk);
      },
    });
    // yauzl fails a part that inflates to more (or less) than it declared: that is a lie, so refused.
    raw.on('error', () => guard.destroy(refused()));
    return raw.pipe(guard);
  }

  return {has: (name: string) => entries.has(name), open, close: () => zip.close()};
}
