import type {Transaction} from '@rocicorp/zero';
import postgres, {type TransactionSql} from 'postgres';

/** One postgres.js pool per process. Dates and timestamps come back as JS values; Zero's adapter converts. */
export function connect(url: string, options: {max?: number} = {}) {
  return postgres(url, {max: options.max ?? 10, onnotice: () => {}, connection: {application_name: 'kesher'}});
}

export type Sql = ReturnType<typeof connect>;

/** A server mutator's own postgres.js transaction, for the columns and tables Zero does not replicate. */
export function pgOf(tx: Transaction): TransactionSql {
  if (tx.location !== 'server') throw new Error('server mutators run on the server');
  return tx.dbTransaction.wrappedTransaction as TransactionSql;
}
