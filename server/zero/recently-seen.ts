/**
 * A sliding memory of keys: `seen(key)` answers whether the key came up within the last `windowMs`,
 * and every sighting renews it. Entries older than the window are dropped as it goes, so memory stays
 * proportional to what is live. In-process: each API process remembers for itself.
 */
export function recentlySeen(windowMs: number) {
  const lastSeen = new Map<string, number>();
  let swept = Date.now();
  return function seen(key: string, now = Date.now()): boolean {
    if (now - swept > windowMs) {
      for (const [k, at] of lastSeen) if (now - at > windowMs) lastSeen.delete(k);
      swept = now;
    }
    const previous = lastSeen.get(key);
    lastSeen.set(key, now);
    return previous !== undefined && now - previous <= windowMs;
  };
}

/**
 * zero-cache re-transforms every query of a client group by itself every retransformIntervalSeconds
 * (300 s, its default, which we keep), and remembers a transform only 5 s. So an open page's queries
 * reach the query endpoint again every five minutes although nobody did anything. Twice that interval
 * is the window within which a query (or a card opening) counts as the same one again.
 */
export const REASKED_WINDOW_MS = 2 * 300_000;
