import {expect, test, type Page} from '@playwright/test';
import WebSocket from 'ws';
import {e2ePorts} from '../support/e2e-stack.ts';
import {newSignedInPage} from './helpers.ts';

/**
 * A Zero client group is its first user's, for good (issue 29, docs/zero-client-group.md). The
 * administrator's browser opens the list; its sync socket's address (which names the client group) and
 * handshake are read off the wire, as they would be from a proxy log or a HAR file. A view-only
 * shadchan then replays that handshake with their own session: while the administrator's tab is open,
 * and after it has closed (zero-cache forgets a group's user some seconds after its last tab). Each
 * time the socket is refused before zero-cache sees it, so nothing of the administrator's reaches them;
 * the same replay under a client group of the shadchan's own is let in, so the refusals are the gate's.
 */
const APP_ORIGIN = `http://localhost:${e2ePorts().api}`;

type Handshake = {url: string; protocol: string};

/** The sync socket's address and its Sec-WebSocket-Protocol (Zero's first message and auth), as sent. */
async function handshakeOf(page: Page): Promise<Handshake> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const seen = new Promise<Handshake>(resolve => {
    cdp.on('Network.webSocketCreated', ({requestId, url}) => {
      if (url.includes('clientGroupID=')) urls.set(requestId, url);
    });
    cdp.on('Network.webSocketWillSendHandshakeRequest', ({requestId, request}) => {
      const url = urls.get(requestId);
      const protocol = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'sec-websocket-protocol');
      if (url && protocol) resolve({url, protocol: String(protocol[1])});
    });
  });
  // A reload opens a new socket for the same client group, this time watched.
  await page.reload();
  const handshake = await seen;
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  return handshake;
}

/** The session cookie of a signed-in page. */
async function cookieOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map(c => `${c.name}=${c.value}`).join('; ');
}

type Outcome = {status: 'refused'; code: number} | {status: 'open'; rows: number};

/** Opens a socket as `cookie` with this handshake; counts the rows zero-cache sends in the first seconds. */
function replay({url, protocol}: Handshake, cookie: string | undefined): Promise<Outcome> {
  return new Promise(resolve => {
    const socket = new WebSocket(url, protocol, {headers: {origin: APP_ORIGIN, ...(cookie ? {cookie} : {})}});
    let rows = 0;
    socket.on('unexpected-response', (_, res) => {
      resolve({status: 'refused', code: res.statusCode ?? 0});
      socket.terminate();
    });
    socket.on('message', data => {
      const [kind, body] = JSON.parse(String(data)) as [string, {rowsPatch?: unknown[]}];
      if (kind === 'pokePart') rows += body.rowsPatch?.length ?? 0;
    });
    socket.on('open', () =>
      setTimeout(() => {
        socket.close();
        resolve({status: 'open', rows});
      }, 3_000),
    );
    socket.on('error', () => undefined);
  });
}

test('a client group stays its first user’s: another user’s socket naming it is refused, during and after', async ({browser}) => {
  test.setTimeout(120_000);
  const admin = await newSignedInPage(browser, 'demo-admin');
  const handshake = await handshakeOf(admin);
  expect(handshake.url).toMatch(/clientGroupID=[^&]+/);
  const viewer = await newSignedInPage(browser, 'demo-viewer');
  const viewerCookie = await cookieOf(viewer);

  // While the administrator's tab is open.
  expect(await replay(handshake, viewerCookie)).toEqual({status: 'refused', code: 403});

  // The same replay with a client group of the viewer's own is let in: the refusal is about the group.
  const own = new URL(handshake.url);
  own.searchParams.set('clientGroupID', `own-${Date.now()}`);
  expect(await replay({...handshake, url: own.toString()}, viewerCookie)).toMatchObject({status: 'open'});

  // After the administrator's last tab has closed, and zero-cache has let the group go.
  await admin.context().close();
  await new Promise(resolve => setTimeout(resolve, 8_000));
  expect(await replay(handshake, viewerCookie)).toEqual({status: 'refused', code: 403});
  // Without any session the socket is let in (zero-cache asks the API, which refuses every query) and
  // receives no row.
  expect(await replay(handshake, undefined)).toEqual({status: 'open', rows: 0});
});
