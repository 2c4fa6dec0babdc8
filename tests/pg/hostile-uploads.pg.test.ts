import {readFile} from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {MAX_PHOTO_SIDE} from '../../server/files/images.ts';
import {signedInSelfUser, startTestApi} from '../support/api.ts';
import {makeProfile, makeTicket, makeUser} from '../support/fixtures.ts';
import {openTestStorage, STORAGE_KINDS, type TestStorage} from '../support/storages.ts';

/**
 * The hostile files of tests/fixtures/hostile/ (made by make-upload-files.ts; the large ones here) sent
 * to every upload route that takes photos and documents, as a user allowed to upload, through the real
 * API, Postgres and each storage, a local folder and an S3 bucket (issue 33: "Uploaded photos are re-encoded", the corpus of 7).
 * Each file is either refused with a 4xx whose code the upload control words, writing nothing (no row,
 * no bytes, no history), or stored as harmless bytes: no metadata, no script, upright, bounded, served
 * as a download that is never sniffed. The spreadsheets the import route refuses are tried elsewhere.
 */
const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());
const fixture = (name: string) => readFile(path.join(import.meta.dirname, '../fixtures/hostile', name));

/** The codes app/candidates/card/UploadControl.tsx turns into translated words (and invalidInput, the dictionary's). */
const WORDED = ['fileType', 'fileTooLarge', 'imageTooLarge', 'imageUnreadable', 'invalidInput'];

type Route = {
  name: string;
  kind: 'photo' | 'document';
  post: (bytes: Uint8Array, name: string, declared: string) => Response | Promise<Response>;
  read: (id: string) => Response | Promise<Response>;
};

describe.each(STORAGE_KINDS)('%s storage', kind => {
  let under: TestStorage;
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let routes: Route[];
  let staffCookie: string;

  beforeAll(async () => {
    under = await openTestStorage(kind);
    api = await startTestApi(sql, {files: under.storage});
    const uploader = await makeUser(sql, 'shadchan', ['viewFiles', 'uploadFiles']);
    const card = await makeProfile(sql, uploader.userID, 'general', 'עוין');
    const signIn = await api.app.request('/api/dev/sign-in', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({userID: uploader.userID}),
    });
    staffCookie = signIn.headers.get('set-cookie')!.split(';')[0]!;

    // The candidate of a ticket, signed in by the phone code (the self-user's photo route).
    const ticket = await makeTicket(sql, uploader.userID);
    const {cookie: selfCookie} = await signedInSelfUser(api, ticket.login);

    const post = (url: string, cookie: string, kind: string) => (bytes: Uint8Array, name: string, declared: string) => {
      const form = new FormData();
      form.set('kind', kind);
      form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, {type: declared}));
      return api.app.request(url, {method: 'POST', body: form, headers: {cookie}});
    };
    const staffRead = (id: string) => api.app.request(`/api/files/${id}`, {headers: {cookie: staffCookie}});
    routes = [
      {name: 'staff photo', kind: 'photo', post: post(`/api/profiles/${card}/files`, staffCookie, 'photo'), read: staffRead},
      {
        name: 'staff document',
        kind: 'document',
        post: post(`/api/profiles/${card}/files`, staffCookie, 'document'),
        read: staffRead,
      },
      {
        name: 'candidate photo',
        kind: 'photo',
        post: post('/api/peoples/self-update/photo', selfCookie, 'photo'),
        read: id => api.app.request(`/api/peoples/self-update/photo/${id}`, {headers: {cookie: selfCookie}}),
      },
    ];
  });
  afterAll(async () => {
    await api.close();
    await under.close();
  });

  /** Everything an upload could leave behind. */
  const written = async () => ({
    bytes: await under.stored(),
    files: (await sql`SELECT id FROM profile_file ORDER BY id`).map(r => r.id as string),
    revisions: Number((await sql`SELECT count(*) AS n FROM profile_revision`)[0]!.n),
  });

  async function expectRefused(route: Route, bytes: Uint8Array, name: string, declared: string, status: number, code: string) {
    const before = await written();
    const res = await route.post(bytes, name, declared);
    expect({status: res.status, body: await res.json()}, `${name} to the ${route.name}`).toMatchObject({
      status,
      body: {error: code},
    });
    expect(WORDED).toContain(code);
    expect(await written(), `${name} to the ${route.name} left nothing behind`).toEqual(before);
    expect((await api.app.request('/api/health')).status).toBe(200);
  }

  /** Uploads a file that is to be kept; returns what is served back, its headers checked. */
  async function expectStored(route: Route, bytes: Uint8Array, name: string, declared: string) {
    const res = await route.post(bytes, name, declared);
    expect(res.status, `${name} to the ${route.name}: ${await res.clone().text()}`).toBe(201);
    const body = (await res.json()) as {file?: {id: string; name: string}; photo?: {id: string; name: string}};
    const id = (body.file ?? body.photo)!.id;
    const served = await route.read(id);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    return {
      type: served.headers.get('content-type'),
      bytes: Buffer.from(await served.arrayBuffer()),
      name: (body.file ?? body.photo)!.name,
    };
  }

  /** What a stored image carries besides its pixels. */
  async function metadataOf(bytes: Buffer) {
    const m = await sharp(bytes).metadata();
    return {
      format: m.format,
      width: m.width,
      height: m.height,
      exif: m.exif,
      xmp: m.xmp,
      iptc: m.iptc,
      icc: m.icc,
      orientation: m.orientation,
    };
  }

  describe('hostile files on every upload route', () => {
    test('a phone photo with GPS, the device, XMP, a P3 profile and an orientation tag is stored upright with none of them', async () => {
      const original = await fixture('gps-exif.jpg');
      expect((await metadataOf(original)).exif?.includes('Kesher Test Phone')).toBe(true);
      for (const route of routes) {
        const {type, bytes} = await expectStored(route, original, 'IMG_0001.jpg', 'image/jpeg');
        expect(type).toBe('image/jpeg');
        // 320 × 240 with orientation 6 (turn a quarter clockwise) is a portrait picture.
        expect(await metadataOf(bytes)).toEqual({
          format: 'jpeg',
          width: 240,
          height: 320,
          exif: undefined,
          xmp: undefined,
          iptc: undefined,
          icc: undefined,
          orientation: undefined,
        });
        for (const leak of ['Kesher Test Phone', 'Leaky 1', 'xmpmeta']) expect(bytes.includes(leak)).toBe(false);
      }
    });

    test('a JPEG that is also an HTML page is kept as its pixels only', async () => {
      const polyglot = await fixture('polyglot-html.jpg');
      expect(polyglot.includes('<script')).toBe(true);
      for (const route of routes) {
        const {bytes} = await expectStored(route, polyglot, 'page.html', 'text/html');
        expect((await metadataOf(bytes)).format).toBe('jpeg');
        expect(bytes.includes('<script')).toBe(false);
      }
    });

    test('a photo larger than the card needs is scaled down, a PNG becomes a JPEG named so', async () => {
      // 6000 × 4000 (24 megapixels) of noise-free colour: a small file with a camera's dimensions.
      const large = await sharp({create: {width: 6000, height: 4000, channels: 4, background: {r: 0, g: 90, b: 0, alpha: 0.5}}})
        .png()
        .toBuffer();
      for (const route of routes) {
        const {type, bytes, name} = await expectStored(route, large, 'גדולה.png', 'image/png');
        const m = await metadataOf(bytes);
        if (route.kind === 'photo') {
          expect({type, name, width: m.width, height: m.height}).toEqual({
            type: 'image/jpeg',
            name: 'גדולה.jpg',
            width: MAX_PHOTO_SIDE,
            height: Math.round((MAX_PHOTO_SIDE * 2) / 3),
          });
        } else {
          // A scan among the documents keeps its type and every pixel.
          expect({type, name, width: m.width, height: m.height}).toEqual({
            type: 'image/png',
            name: 'גדולה.png',
            width: 6000,
            height: 4000,
          });
        }
      }
    });

    test('a PNG decompression bomb and an image past the pixel cap are refused before they are decoded', async () => {
      const bomb = await fixture('png-bomb.png');
      // 9000 × 9000 = 81 megapixels in a JPEG well under the 5 MB limit.
      const huge = await sharp({create: {width: 9000, height: 9000, channels: 3, background: '#808080'}})
        .jpeg()
        .toBuffer();
      expect(huge.length).toBeLessThan(5 * 1024 * 1024);
      for (const route of routes) {
        await expectRefused(route, bomb, 'bomb.png', 'image/png', 413, 'imageTooLarge');
        await expectRefused(route, huge, 'huge.jpg', 'image/jpeg', 413, 'imageTooLarge');
      }
    });

    test('what is not the image (or document) it claims to be is refused, whatever its name and declared type', async () => {
      const cases: [file: string, name: string, declared: string, status: number, code: string][] = [
        ['script.svg', 'script.svg', 'image/svg+xml', 415, 'fileType'],
        ['script.svg', 'face.jpg', 'image/jpeg', 415, 'fileType'],
        ['html-as.jpg', 'face.jpg', 'image/jpeg', 415, 'fileType'],
        ['gif-script.gif', 'face.gif', 'image/gif', 415, 'fileType'],
        ['not-really.jpg', 'face.jpg', 'image/jpeg', 415, 'imageUnreadable'],
        ['empty.jpg', 'face.jpg', 'image/jpeg', 400, 'invalidInput'],
      ];
      for (const route of routes) {
        for (const [file, name, declared, status, code] of cases) {
          await expectRefused(route, await fixture(file), name, declared, status, code);
        }
      }
    });

    test('a PDF that is also a ZIP is no photo; as a document it is only ever a PDF download', async () => {
      const polyglot = await fixture('polyglot.pdf');
      for (const route of routes) {
        if (route.kind === 'photo') await expectRefused(route, polyglot, 'face.jpg', 'image/jpeg', 415, 'fileType');
        else expect((await expectStored(route, polyglot, 'cv.html', 'text/html')).type).toBe('application/pdf');
      }
    });
  });
});
