/**
 * The bench's phone path (issue 12 §5): CONNECTIONS browser sockets on the phone-proxy sidecar, then a
 * signed "call ended" webhook per sample and the time until every socket of that call's shadchan has its
 * END_CALL (webhook → API → Postgres NOTIFY → sidecar → socket), checking that no other user's socket
 * received anything. The sockets are opened as browsers open them: the app's Origin and a session cookie.
 */
import WebSocket from 'ws';
import {SESSION_COOKIE, createSession} from '../auth/session.ts';
import type {Ports} from '../config.ts';
import type {Sql} from '../db/sql.ts';
import {PHONE_EVENTS_PATH} from '../phone-proxy/event-routes.ts';
import {signedCallEvent, simulatorSecret} from '../phone-proxy/simulate.ts';
import {row} from './report.ts';
import {sleep, summarize, withTimeout, type Summary} from './timing.ts';

export const PHONE_CONNECTIONS = 1000;
/** Sockets per shadchan: the sidecar's default per-user cap, as tabs of one user. */
const PER_USER = 5;
const USERS = PHONE_CONNECTIONS / PER_USER;
export const PHONE_TARGET_P95_MS = 50;
const WARMUP = 3;

/**
 * The sidecar's caps are raised for the bench's sockets, and the phone proxy switched on, before the
 * stack starts (its children inherit the environment). In development the stack gives the API a
 * PHONE_PROXY_SECRET of the data folder, which the bench signs with.
 */
export function enablePhoneProxyForBench() {
  process.env.PHONE_PROXY_ENABLED = 'true';
  process.env.PHONE_PROXY_MAX_PER_USER = String(PER_USER);
  process.env.PHONE_PROXY_MAX_CONNECTIONS = String(PHONE_CONNECTIONS + 100);
}

type Tab = {socket: WebSocket; userIndex: number; received: Array<{ID: string; at: number}>};

/** Bench shadchanim with proxy phones and one session each (their tabs share it, as a browser's do). */
async function benchShadchanim(sql: Sql, tag: string) {
  const users = Array.from({length: USERS}, (_, i) => ({
    id: `bench-phone-${tag}-${i}`,
    phone: `+97258${String(i).padStart(7, '0')}`,
  }));
  // Numbers of an earlier kept run are released first (app_user.phone is unique).
  await sql`UPDATE app_user SET phone = NULL WHERE id LIKE 'bench-phone-%'`;
  for (const u of users) {
    await sql`INSERT INTO app_user (id, name, gender, role, phone, approved_at, declaration_accepted_on, agreement_due)
              VALUES (${u.id}, ${'בנץ׳ ' + u.id.slice(-4)}, 'male', 'shadchan', ${u.phone}, now(), current_date, false)`;
  }
  return Promise.all(users.map(async u => ({...u, token: (await createSession(sql, u.id, 'kesher-bench')).token})));
}

function openTab(url: string, origin: string, token: string, userIndex: number): Promise<Tab> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {headers: {origin, cookie: `${SESSION_COOKIE}=${token}`}});
    const tab: Tab = {socket, userIndex, received: []};
    socket.on('message', data => {
      const at = performance.now();
      for (const m of JSON.parse(String(data)) as Array<{Type: string; ID: string}>) {
        if (m.Type === 'END_CALL') tab.received.push({ID: m.ID, at});
      }
    });
    socket.once('open', () => resolve(tab));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`the sidecar refused a socket: ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

export async function measurePhone(opts: {sql: Sql; ports: Ports; dataDir: string; samples: number; gapMs: number; tag: string}) {
  const {sql, ports, samples, gapMs, tag} = opts;
  const secret = simulatorSecret(opts.dataDir);
  if (!secret) throw new Error('the development stack made no PHONE_PROXY_SECRET');
  const users = await benchShadchanim(sql, tag);
  const url = `ws://127.0.0.1:${ports.phoneProxy}/ws`;
  const origin = `http://localhost:${ports.api}`;
  const tabs: Tab[] = [];
  try {
    // Admission asks the API about each session: a few dozen at a time, as browsers arrive.
    for (let i = 0; i < PHONE_CONNECTIONS; i += 50) {
      const batch = Array.from({length: 50}, (_, j) => i + j).map(n => {
        const userIndex = n % USERS;
        return openTab(url, origin, users[userIndex]!.token, userIndex);
      });
      tabs.push(...(await withTimeout(Promise.all(batch), 30_000, 'sidecar sockets to open')));
    }
    const latencies: number[] = [];
    for (let s = 0; s < WARMUP + samples; s++) {
      const userIndex = (s * 37) % USERS; // spread over the shadchanim
      const mine = tabs.filter(t => t.userIndex === userIndex);
      const before = mine.map(t => t.received.length);
      const {body, headers} = signedCallEvent(secret, {shadchanPhone: users[userIndex]!.phone, callerNumber: null});
      const sent = performance.now();
      const res = await fetch(`http://127.0.0.1:${ports.api}${PHONE_EVENTS_PATH}`, {method: 'POST', headers, body});
      if (!res.ok) throw new Error(`the webhook answered ${res.status}: ${await res.text()}`);
      await withTimeout(
        (async () => {
          while (mine.some((t, i) => t.received.length === before[i])) await sleep(1);
        })(),
        5000,
        'END_CALL to reach the shadchan’s sockets',
      );
      if (s >= WARMUP) latencies.push(Math.max(...mine.map((t, i) => t.received[before[i]!]!.at)) - sent);
      for (const t of mine)
        t.socket.send(JSON.stringify({Type: 'NOTIFICATION_READED', Data: {notificationID: t.received.at(-1)!.ID}}));
      await sleep(gapMs);
    }
    // The right browser only: no socket of a shadchan who had no call received anything.
    const called = new Set(Array.from({length: WARMUP + samples}, (_, s) => (s * 37) % USERS));
    const strays = tabs.filter(t => !called.has(t.userIndex) && t.received.length > 0);
    if (strays.length) throw new Error(`${strays.length} sockets received another user's END_CALL`);
    return {connections: tabs.length, latency: summarize(latencies)};
  } finally {
    for (const t of tabs) t.socket.terminate();
    await sql`UPDATE app_user SET phone = NULL WHERE id LIKE ${`bench-phone-${tag}-%`}`;
  }
}

/** The phone path's line in the bench's table, and its target. */
export const phoneReport = (r: {connections: number; latency: Summary}) => [
  row(`(e) webhook → browser (${r.connections} sockets)`, r.latency),
  `target: webhook → browser p95 ≤ ${PHONE_TARGET_P95_MS} ms ${r.latency.p95 <= PHONE_TARGET_P95_MS ? '✓' : '✗'}`,
];
