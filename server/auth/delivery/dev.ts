import type {CodeDelivery, Mailer, OutboxEntry} from './types.ts';

/**
 * Development delivery: nothing leaves the machine. Codes are printed to the terminal and kept in a
 * small outbox that the development-only outbox page lists.
 */
export function devDelivery(print: (line: string) => void = console.log) {
  const outbox: OutboxEntry[] = [];
  const keep = (entry: OutboxEntry) => {
    outbox.unshift(entry);
    outbox.length = Math.min(outbox.length, 50);
    const what = entry.code ? `code ${entry.code}` : entry.text;
    print(`[dev outbox] ${entry.channel} to ${entry.to}: ${what}${entry.from ? ` (call from ${entry.from})` : ''}`);
  };
  const delivery: CodeDelivery = {
    ring: async (to, from) => keep({at: Date.now(), channel: 'hungup', to, from, code: from.slice(-6)}),
    whatsapp: async (to, code) => keep({at: Date.now(), channel: 'whatsapp', to, code}),
    email: async (to, code) => keep({at: Date.now(), channel: 'email', to, code}),
    message: async (to, text) => keep({at: Date.now(), channel: 'message', to, text}),
  };
  /** Other mail (an invitation, the contact dialog) is kept with its text. */
  const mailer: Mailer = {
    send: async ({to, subject, text}) => keep({at: Date.now(), channel: 'email', to, text: `${subject}\n${text}`}),
  };
  return {delivery, mailer, outbox: () => [...outbox]};
}
