import type {CodeDelivery, OutboxEntry} from './types.ts';

/**
 * Development delivery: nothing leaves the machine. Codes are printed to the terminal and kept in a
 * small outbox that the development-only outbox page lists.
 */
export function devDelivery(print: (line: string) => void = console.log) {
  const outbox: OutboxEntry[] = [];
  const keep = (entry: OutboxEntry) => {
    outbox.unshift(entry);
    outbox.length = Math.min(outbox.length, 50);
    print(`[dev outbox] ${entry.channel} to ${entry.to}: code ${entry.code}${entry.from ? ` (call from ${entry.from})` : ''}`);
  };
  const delivery: CodeDelivery = {
    ring: async (to, from) => keep({at: Date.now(), channel: 'hungup', to, from, code: from.slice(-6)}),
    whatsapp: async (to, code) => keep({at: Date.now(), channel: 'whatsapp', to, code}),
    email: async (to, code) => keep({at: Date.now(), channel: 'email', to, code}),
  };
  return {delivery, outbox: () => [...outbox]};
}
