import {readdirSync, readFileSync} from 'node:fs';

/**
 * Memory of a process tree from /proc: zero-cache forks workers and Postgres one backend per
 * connection, so a part's footprint is its top process plus every descendant (found via ppid).
 * RSS counts shared pages (Postgres' shared buffers, Node's mapped code) once per process, so sums
 * over a tree overstate it; PSS splits each shared page among its users and adds up honestly.
 */
export type TreeMemory = {pids: number; rssKiB: number; pssKiB: number | undefined};

/** ppid → children, from every /proc/<pid>/stat that can still be read. */
function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid …": comm may contain spaces and parentheses, so parse after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  return children;
}

/** A `Key:   123 kB` field of a /proc file, in KiB (undefined when unreadable or absent). */
function procField(path: string, key: string): number | undefined {
  try {
    const match = readFileSync(path, 'utf8').match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function descendantsOf(pid: number, children: Map<number, number[]>): number[] {
  const all = [pid];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] as number) ?? []));
  return all;
}

/** Memory of `pid` alone, or of `pid` and all its descendants. */
export function treeMemory(pid: number, includeDescendants = true): TreeMemory {
  const pids = includeDescendants ? descendantsOf(pid, childrenByParent()) : [pid];
  let rssKiB = 0;
  let pssKiB: number | undefined = 0;
  for (const p of pids) {
    rssKiB += procField(`/proc/${p}/status`, 'VmRSS') ?? 0;
    const pss = procField(`/proc/${p}/smaps_rollup`, 'Pss');
    pssKiB = pss === undefined || pssKiB === undefined ? undefined : pssKiB + pss;
  }
  return {pids: pids.length, rssKiB, pssKiB};
}

/** What a process runs: the file name of its first script argument (zero-cache's workers: change-streamer.js, syncer.js …). */
function scriptOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    // Not a flag's file (--import=…preload.mjs): the first script among the plain arguments.
    const script = args.find(a => !a.startsWith('-') && /\.(m?js|ts)$/.test(a));
    return script ? (script.split('/').pop() as string).replace(/\.(m?js|ts)$/, '') : (args[0]?.split('/').pop() ?? '?');
  } catch {
    return '?';
  }
}

/**
 * Each process of a tree with what it runs, largest first: where a tree's memory goes. RssAnon is the
 * part of RSS that is the process's own (malloc's and V8's heaps), without mapped files and shared memory.
 */
export function treeBreakdown(pid: number): Array<{pid: number; script: string; rssKiB: number; anonKiB: number}> {
  return descendantsOf(pid, childrenByParent())
    .map(p => ({
      pid: p,
      script: scriptOf(p),
      rssKiB: procField(`/proc/${p}/status`, 'VmRSS') ?? 0,
      anonKiB: procField(`/proc/${p}/status`, 'RssAnon') ?? 0,
    }))
    .sort((a, b) => b.rssKiB - a.rssKiB);
}

export const mib = (kib: number) => `${Math.round(kib / 1024)} MiB`;
