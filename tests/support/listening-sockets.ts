import {readFileSync} from 'node:fs';

/** Every TCP socket listening on this machine (Linux /proc/net/tcp and tcp6), as address and port. */
export function listeningSockets(): Array<{address: string; port: number}> {
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap(file =>
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map(line => line.trim().split(/\s+/))
      .filter(([, , , state]) => state === '0A') // LISTEN
      .map(([, local]) => {
        const [hex, port] = local!.split(':') as [string, string];
        return {address: decodeAddress(hex), port: parseInt(port, 16)};
      }),
  );
}

/** The kernel prints each 32-bit word of the address in host (little-endian) byte order. */
function decodeAddress(hex: string): string {
  const bytes = (hex.match(/.{8}/g) ?? []).flatMap(word => (word.match(/../g) ?? []).reverse().map(b => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join('.');
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return new URL(`http://[${groups.join(':')}]`).hostname.slice(1, -1); // the shortest form, e.g. ::1
}
