import {readFileSync, readdirSync} from 'node:fs';

/**
 * Resident memory of processes with everything they started (zero-cache forks its workers, Postgres a
 * backend per connection), read from Linux's /proc: one scan for every pid asked. Memory a process shares
 * with its children (Postgres's shared buffers) is counted once per process that touches it, as `ps` does.
 * Elsewhere than Linux every answer is undefined.
 */
export function treeMemory(pids: readonly number[]): Map<number, number | undefined> {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return new Map(pids.map(pid => [pid, undefined]));
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const status = readStatus(Number(entry));
    if (!status) continue;
    rss.set(status.pid, status.rssBytes);
    const siblings = children.get(status.ppid);
    if (siblings) siblings.push(status.pid);
    else children.set(status.ppid, [status.pid]);
  }
  const sum = (pid: number): number | undefined => {
    const own = rss.get(pid);
    if (own === undefined) return undefined;
    let total = own;
    const seen = new Set([pid]);
    const stack = [...(children.get(pid) ?? [])];
    while (stack.length > 0) {
      const child = stack.pop()!;
      if (seen.has(child)) continue;
      seen.add(child);
      total += rss.get(child) ?? 0;
      stack.push(...(children.get(child) ?? []));
    }
    return total;
  };
  return new Map(pids.map(pid => [pid, sum(pid)]));
}

/** A process's parent and resident memory (VmRSS; a kernel thread has none and counts 0). */
function readStatus(pid: number): {pid: number; ppid: number; rssBytes: number} | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const ppid = Number(/^PPid:\s+(\d+)/m.exec(text)?.[1]);
    const kB = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(text)?.[1] ?? 0);
    return Number.isInteger(ppid) ? {pid, ppid, rssBytes: kB * 1024} : undefined;
  } catch {
    return undefined; // gone between the listing and the read
  }
}
