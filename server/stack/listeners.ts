import {readFileSync, readdirSync, readlinkSync} from 'node:fs';

/** A listening TCP socket of one of our processes. */
export type Listener = {pid: number; address: string; port: number};

/** The processes below (and including) `roots`, from each process's parent id in /proc/<pid>/stat. */
function processTree(roots: number[]): Set<number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (command) state ppid …": the command may contain spaces and parentheses.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = new Set(roots);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (tree.has(ppid) && !tree.has(pid)) grew = tree.add(pid).has(pid);
    }
  }
  return tree;
}

/** Socket inode → pid, for the sockets these processes hold open. */
function socketOwners(pids: Iterable<number>): Map<string, number> {
  const owners = new Map<string, number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/)?.[1];
        if (inode) owners.set(inode, pid);
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return owners;
}

/** /proc/net/tcp{,6} write addresses as 32-bit words in host (little-endian) order. */
function decodeAddress(hex: string): string {
  const words = hex.match(/.{8}/g)!.map(w => w.match(/../g)!.reverse().join(''));
  if (words.length === 1)
    return words[0]!
      .match(/../g)!
      .map(b => parseInt(b, 16))
      .join('.');
  const groups = words.join('').match(/.{4}/g)!.join(':');
  return new URL(`http://[${groups}]/`).hostname.slice(1, -1); // the URL parser writes the short form
}

/**
 * Every listening TCP socket held by these processes or their descendants (zero-cache forks workers,
 * Postgres its backends), read from /proc (Linux).
 */
export function listenersOf(rootPids: number[]): Listener[] {
  const owners = socketOwners(processTree(rootPids));
  const listeners: Listener[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[3] !== '0A') continue; // 0A: LISTEN
      const pid = owners.get(fields[9]!);
      if (pid === undefined) continue;
      const [address, port] = fields[1]!.split(':');
      listeners.push({pid, address: decodeAddress(address!), port: parseInt(port!, 16)});
    }
  }
  return listeners;
}
