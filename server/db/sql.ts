import postgres from 'postgres';

/** One postgres.js pool per process. Dates and timestamps come back as JS values; Zero's adapter converts. */
export function connect(url: string, options: {max?: number} = {}) {
  return postgres(url, {max: options.max ?? 10, onnotice: () => {}, connection: {application_name: 'kesher'}});
}

export type Sql = ReturnType<typeof connect>;
