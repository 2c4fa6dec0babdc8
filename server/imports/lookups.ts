import type {Lookups} from '../../app/imports/cells.ts';
import type {Labels} from '../../zero-schema.ts';
import type {Sql} from '../db/sql.ts';

/** The lists a file's rows are resolved and checked against (app/imports/cells.ts), read once per pass. */
export async function loadLookups(sql: Sql): Promise<Lookups> {
  const [sectors, statuses, communities, institutions] = await Promise.all([
    sql<{id: string; labels: Labels; retired: boolean}[]>`SELECT id, labels, retired_at IS NOT NULL AS retired FROM sector`,
    sql<{id: string; labels: Labels}[]>`SELECT id, labels FROM profile_status`,
    sql<{id: string; name: string; retired: boolean}[]>`SELECT id, name, retired_at IS NOT NULL AS retired FROM community`,
    sql<{name: string; variations: string[]}[]>`SELECT name, variations FROM institution WHERE retired_at IS NULL`,
  ]);
  return {sectors, statuses, communities, institutions};
}
