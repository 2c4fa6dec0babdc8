import {crc32} from 'node:zlib';

/** A ZIP whose entries are stored as they are (method 0): enough to be a real archive, built byte by byte. */
export function storedZip(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 14, data, fileName);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 16, data, fileName);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The fields a local header and its central-directory record share, in the same order (at 14 and at 16):
 * CRC-32, compressed and uncompressed size (equal when stored), and the name's length.
 */
function writeEntryFields(header: Buffer, at: number, data: Buffer, fileName: Buffer) {
  header.writeUInt32LE(crc32(data), at);
  header.writeUInt32LE(data.length, at + 4);
  header.writeUInt32LE(data.length, at + 8);
  header.writeUInt16LE(fileName.length, at + 12);
}
