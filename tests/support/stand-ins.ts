import {createServer, type IncomingMessage} from 'node:http';
import type {AddressInfo} from 'node:net';
import {SMTPServer} from 'smtp-server';

/**
 * Real local stand-ins for the external services behind our adapters: an HTTP phone provider and an
 * SMTP server, both in this process, recording what they received.
 */

export type ProviderRequest = {path: string; authorization: string | undefined; body: Record<string, string>};

/** A voice/WhatsApp provider on a random port; `failWith` makes it answer that HTTP status. */
export async function startPhoneProvider() {
  const requests: ProviderRequest[] = [];
  let failWith: number | undefined;
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push({path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw || '{}')});
    res.writeHead(failWith ?? 200, {'content-type': 'application/json'}).end('{}');
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    fail: (status: number | undefined) => (failWith = status),
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  };
}

export type ReceivedMail = {to: string[]; raw: string; text: string};

/** An SMTP server on a random port that keeps every message, with its text body decoded. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        mails.push({to: session.envelope.rcptTo.map(r => r.address), raw, text: decodeTextBody(raw)});
        callback();
      });
    },
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>(resolve => server.close(() => resolve()))};
}

/** The body of a single-part text message, undoing base64 or quoted-printable transfer encoding. */
function decodeTextBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).toLowerCase();
  const body = raw.slice(split + 4);
  if (headers.includes('content-transfer-encoding: base64')) return Buffer.from(body, 'base64').toString('utf8');
  if (headers.includes('content-transfer-encoding: quoted-printable')) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return Buffer.from(body, 'latin1').toString('utf8');
}

/**
 * Lets test processes other than the one running the stand-ins (Playwright workers) read what the
 * stand-ins received: GET /calls and GET /mails.
 */
export async function startInspector(sources: {calls: () => ProviderRequest[]; mails: () => ReceivedMail[]}) {
  const server = createServer((req, res) => {
    const body = req.url === '/calls' ? sources.calls() : req.url === '/mails' ? sources.mails() : undefined;
    res.writeHead(body ? 200 : 404, {'content-type': 'application/json'}).end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>(resolve => server.close(() => resolve())),
  };
}
