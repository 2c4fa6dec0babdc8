import {spawnSync} from 'node:child_process';
import type {AddressInfo} from 'node:net';
import {serve, type ServerType} from '@hono/node-server';
import {Hono} from 'hono';
import {afterAll, afterEach, beforeAll, describe, expect, test} from 'vitest';
import {ROOT} from '../../server/config.ts';
import {clientIP, trustedProxies} from '../../server/http/client-ip.ts';

describe('TRUST_PROXY: the list of reverse proxies', () => {
  test('takes addresses and CIDR ranges, IPv4 and IPv6, comma-separated', () => {
    const list = trustedProxies(' 127.0.0.1, 10.0.0.0/8 ,::1, fd00::/8');
    expect(list.check('127.0.0.1', 'ipv4')).toBe(true);
    expect(list.check('127.0.0.2', 'ipv4')).toBe(false);
    expect(list.check('10.200.3.4', 'ipv4')).toBe(true);
    expect(list.check('11.0.0.1', 'ipv4')).toBe(false);
    expect(list.check('::1', 'ipv6')).toBe(true);
    expect(list.check('fdab::7', 'ipv6')).toBe(true);
    expect(list.check('2001:db8::1', 'ipv6')).toBe(false);
  });

  test('unset or empty trusts nobody', () => {
    expect(trustedProxies(undefined).check('127.0.0.1', 'ipv4')).toBe(false);
    expect(trustedProxies('').check('127.0.0.1', 'ipv4')).toBe(false);
  });

  test.each(['true', 'yes', '1', 'localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', '127.0.0.1,true'])(
    'refuses %j, naming the format',
    value => {
      expect(() => trustedProxies(value)).toThrow(
        /TRUST_PROXY: ".+" is not an IP address or CIDR range.*TRUST_PROXY=127\.0\.0\.1/,
      );
    },
  );

  test('the API server refuses the old TRUST_PROXY=true at start', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/api-server.ts'], {
      cwd: ROOT,
      env: {...process.env, TRUST_PROXY: 'true', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', API_PORT: '1'},
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('yes/no values such as "true" are no longer accepted');
  }, 60_000);
});

describe('the client address, through real sockets', () => {
  const app = new Hono().get('/', c => c.text(clientIP(c)));
  const servers: ServerType[] = [];
  /** A server on `host`, and a request to it with X-Forwarded-For (if any); answers what clientIP saw. */
  async function listen(host: string) {
    const server = await new Promise<ServerType>(resolve => {
      const s = serve({fetch: app.fetch, port: 0, hostname: host}, () => resolve(s));
    });
    servers.push(server);
    const port = (server.address() as AddressInfo).port;
    return async (connectTo: string, forwardedFor?: string) => {
      const res = await fetch(`http://${connectTo.includes(':') ? `[${connectTo}]` : connectTo}:${port}/`, {
        headers: forwardedFor === undefined ? {} : {'x-forwarded-for': forwardedFor},
      });
      return res.text();
    };
  }
  let v4: Awaited<ReturnType<typeof listen>>;
  let dual: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    v4 = await listen('127.0.0.1');
    dual = await listen('::'); // IPv4 clients then arrive as ::ffff:a.b.c.d
  });
  afterAll(() => servers.forEach(s => s.close()));
  const saved = process.env.TRUST_PROXY;
  afterEach(() => {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  });

  test('without TRUST_PROXY the peer is the client, whatever X-Forwarded-For says', async () => {
    delete process.env.TRUST_PROXY;
    expect(await v4('127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  test('from an untrusted peer, X-Forwarded-For is ignored', async () => {
    process.env.TRUST_PROXY = '10.0.0.0/8';
    expect(await v4('127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  test('through a trusted proxy: the rightmost hop the proxy added, not what the client wrote before it', async () => {
    process.env.TRUST_PROXY = '127.0.0.1';
    expect(await v4('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(await v4('127.0.0.1', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await v4('127.0.0.1')).toBe('127.0.0.1');
  });

  test('a chain of trusted proxies is skipped; the first untrusted hop is the client', async () => {
    process.env.TRUST_PROXY = '127.0.0.1,10.0.0.0/8';
    expect(await v4('127.0.0.1', '198.51.100.1, 203.0.113.9, 10.1.2.3, 10.0.0.7')).toBe('203.0.113.9');
    // Every hop trusted: the farthest one is where the request came from.
    expect(await v4('127.0.0.1', '10.9.9.9, 10.1.2.3')).toBe('10.9.9.9');
  });

  test('a hop that is not an address ends the walk at the last trusted proxy', async () => {
    process.env.TRUST_PROXY = '127.0.0.1,10.0.0.0/8';
    expect(await v4('127.0.0.1', '203.0.113.9:443, 10.0.0.7')).toBe('10.0.0.7');
  });

  test('IPv6 proxies and clients, and IPv4 clients of a dual-stack listener', async () => {
    process.env.TRUST_PROXY = '::1, fd00::/8';
    expect(await dual('::1', '2001:db8::7, fd00::3')).toBe('2001:db8::7');
    process.env.TRUST_PROXY = '127.0.0.0/8';
    expect(await dual('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    delete process.env.TRUST_PROXY;
    expect(await dual('127.0.0.1', '203.0.113.9')).toBe('::ffff:127.0.0.1');
  });
});
