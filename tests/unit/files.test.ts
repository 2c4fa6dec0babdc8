import {describe, expect, test} from 'vitest';
import {FILE_RULES, acceptFor, detectFileType, formatFileSize, safeFileName} from '../../app/candidates/card/files.ts';
import {contentDisposition} from '../../server/files/transfer.ts';
import {storedZip} from '../support/stored-zip.ts';

const zip = (entries: Record<string, string>) => new Uint8Array(storedZip(entries));

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(Buffer.concat(parts.map(p => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))));
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

describe('file types come from the bytes', () => {
  test('the accepted signatures', () => {
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(detectFileType(bytes([0x89], 'PNG\r\n\x1a\n', 'IHDR'))).toBe('image/png');
    expect(detectFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(detectFileType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectFileType(bytes(OLE, 'x'.repeat(600), Buffer.from('WordDocument', 'utf16le').toString('latin1')))).toBe(
      'application/msword',
    );
    const docx = zip({'[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>'});
    expect(detectFileType(docx)).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  test('everything else is refused, whatever it is called', () => {
    for (const refused of [
      new Uint8Array(),
      bytes('MZ', [0x90, 0x00]), // a Windows executable
      bytes('<!doctype html><script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('GIF89a'),
      bytes(OLE, 'Workbook'), // an Excel 97 file is OLE2 too, but has no WordDocument stream
      zip({'[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>'}), // .xlsx
      zip({'evil.exe': 'MZ'}),
      bytes([0x50, 0x4b, 0x03, 0x04], 'truncated zip'),
      bytes('RIFF', [0, 0, 0, 0], 'WAVE'),
    ]) {
      expect(detectFileType(refused)).toBeUndefined();
    }
  });

  test('a photo is an image; a document may also be a PDF or Word', () => {
    expect(FILE_RULES.photo.types).not.toContain('application/pdf');
    expect(FILE_RULES.photo.maxBytes).toBe(5 * 1024 * 1024);
    expect(FILE_RULES.document.maxBytes).toBe(10 * 1024 * 1024);
    expect(acceptFor('photo')).toBe('.jpg,.jpeg,image/jpeg,.png,image/png,.webp,image/webp');
  });
});

describe('download names', () => {
  test('the original name, without paths, control or direction-override characters', () => {
    expect(safeFileName('קורות חיים.pdf', 'application/pdf')).toBe('קורות חיים.pdf');
    expect(safeFileName('C:\\fakepath\\scan.PDF', 'application/pdf')).toBe('scan.pdf');
    expect(safeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf');
    expect(safeFileName('photo\u202Egpj.exe', 'image/jpeg')).toBe('photogpj.exe.jpg');
    expect(safeFileName('a\u0000b\nc<>:"|?*.png', 'image/png')).toBe('abc.png');
    expect(safeFileName('  ..  ', 'image/png')).toBe('file.png');
    expect(safeFileName('cv.pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('cv.pdf.docx');
    expect(safeFileName(`${'א'.repeat(300)}.jpeg`, 'image/jpeg')).toBe(`${'א'.repeat(120)}.jpeg`);
  });

  test('Content-Disposition carries an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition("תמונה (1)'s.png")).toBe(
      `attachment; filename="_____ (1)'s.png"; filename*=UTF-8''%D7%AA%D7%9E%D7%95%D7%A0%D7%94%20%281%29%27s.png`,
    );
  });

  test('sizes in the user’s language, number first', () => {
    expect(formatFileSize(300, 'en')).toBe('1\u00a0kB');
    expect(formatFileSize(1024, 'he')).toBe('1\u00a0kB'); // ICU's Hebrew singular alone would say "kB‏1"
    expect(formatFileSize(340 * 1024, 'en')).toBe('340\u00a0kB');
    expect(formatFileSize(1.25 * 1024 * 1024 + 1, 'de')).toBe('1,3\u00a0MB');
    expect(formatFileSize(5 * 1024 * 1024, 'ru')).toBe('5\u00a0МБ');
  });
});
