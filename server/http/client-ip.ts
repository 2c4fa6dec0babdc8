import {BlockList, isIP} from 'node:net';
import type {Context} from 'hono';

/**
 * TRUST_PROXY: the reverse proxies in front of the API, as a comma-separated list of addresses and
 * CIDR ranges, IPv4 or IPv6 (e.g. `127.0.0.1,10.0.0.0/8,::1`). Empty or unset: no proxy is trusted,
 * and the socket's peer is the client. Throws on anything else, naming the format, so a bad value
 * stops the start instead of silently trusting nobody (or everybody).
 */
export function trustedProxies(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (value ?? '')
    .split(',')
    .map(e => e.trim())
    .filter(Boolean)) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOK = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOK || rest.length > 0) {
      throw new Error(
        `TRUST_PROXY: "${entry}" is not an IP address or CIDR range. TRUST_PROXY lists the reverse proxies ` +
          'in front of the API, comma-separated (e.g. TRUST_PROXY=127.0.0.1,10.0.0.0/8,::1); ' +
          'yes/no values such as "true" are no longer accepted.',
      );
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

// Parsed once per value of TRUST_PROXY (the API server checks it at start; tests may change it).
let parsed: {value: string | undefined; list: BlockList} | undefined;
const trusted = () => {
  const value = process.env.TRUST_PROXY;
  if (!parsed || parsed.value !== value) parsed = {value, list: trustedProxies(value)};
  return parsed.list;
};

const isTrusted = (list: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * The caller's address (rate limits, the users log, the access log). The socket's peer, unless that
 * peer is a trusted proxy: then X-Forwarded-For is read from the right (each proxy appends the address
 * it got the request from), skipping trusted proxies, and the first untrusted hop is the client.
 * Everything left of that hop is whatever the client chose to write, so it is never read.
 */
export function clientIP(c: Context): string {
  const incoming = (c.env as {incoming?: {socket?: {remoteAddress?: string}}} | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  if (!peer) return 'unknown';
  const list = trusted();
  let client = peer;
  if (!isTrusted(list, client)) return client;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map(h => h.trim());
  for (const hop of hops.reverse()) {
    // A hop that is not an address (a proxy that adds ports or "unknown") ends the walk at the last
    // proxy we trust: its clients then share one address, which only makes limits stricter.
    if (!isIP(hop)) return client;
    client = hop;
    if (!isTrusted(list, hop)) return hop;
  }
  return client;
}
