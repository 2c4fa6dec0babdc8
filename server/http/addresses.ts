import {BlockList, isIP} from 'node:net';

/** Where an address is: loopback, or a private network. What listens where, and who may sign in as a developer. */
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');
loopback.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv4');
  privateRanges.addSubnet(`::ffff:${net}`, 96 + prefix, 'ipv6');
}
privateRanges.addAddress('::1', 'ipv6');
privateRanges.addSubnet('fc00::', 7, 'ipv6'); // unique local
privateRanges.addSubnet('fe80::', 10, 'ipv6'); // link local

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export const isLoopback = (address: string) => isIP(address) !== 0 && loopback.check(address, family(address));

/** Loopback or a private network (RFC 1918, unique local, link local): not reachable from the internet by itself. */
export const isPrivateAddress = (address: string) => isIP(address) !== 0 && privateRanges.check(address, family(address));
