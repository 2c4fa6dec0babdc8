import type {CardCreate} from '../../app/candidates/card/mutators.ts';
import {listedPhones} from '../../app/candidates/card/schema.ts';
import type {Sql} from '../db/sql.ts';
import type {CardDetails} from '../../app/tables/profiles.ts';

/**
 * Writes a batch of checked cards as cards.create writes one (app/candidates/card/mutators.ts
 * createCard, server/zero/mutators.ts syncSignInPhones): the profile owned by the importer, in the
 * chosen database, pending when temporary; its details; its sign-in numbers; and its history, whose
 * first entry says the card was imported from this file. One statement per table for the whole batch:
 * a row at a time would take minutes for a large file. The database's triggers (search keys, facets,
 * institution) run per row as for any card. Callers run it inside the batch's transaction.
 */
export async function insertCards(pg: Sql, cards: readonly CardCreate[], ownerID: string, fileName: string, now: Date) {
  if (cards.length === 0) return;
  const today = now.toISOString().slice(0, 10);
  const profiles = cards.map(c => ({
    id: c.id,
    forename: c.forename,
    surname: c.surname,
    gender: c.gender,
    city: c.city,
    birth_date: c.birthDate,
    sector_id: c.sectorID,
    status_id: c.statusID,
    community_id: c.communityID,
    open_from: c.openFrom,
    colour: c.colour,
    database: c.database,
    state: c.temporary ? 'pending' : 'active',
    phones: listedPhones(c.details as CardDetails),
  }));
  await pg`
    INSERT INTO profile (id, forename, surname, gender, city, birth_date, sector_id, status_id, community_id,
                         open_from, colour, database, owner_id, state, visibility, source, entry_date, revision,
                         created_at, updated_at, phones)
    SELECT x.id, x.forename, x.surname, x.gender, x.city, x.birth_date, x.sector_id, x.status_id, x.community_id,
           x.open_from, x.colour, x.database, ${ownerID}, x.state, 'all', 'staff', ${today}::date, 0,
           ${now}, ${now}, x.phones
    FROM jsonb_to_recordset(${pg.json(profiles)}) AS x(id text, forename text, surname text, gender text, city text,
         birth_date date, sector_id text, status_id text, community_id text, open_from date, colour text,
         database text, state text, phones jsonb)`;
  await pg`
    INSERT INTO profile_detail (profile_id, id_number, details)
    SELECT x.profile_id, x.id_number, x.details
    FROM jsonb_to_recordset(${pg.json(cards.map(c => ({profile_id: c.id, id_number: c.idNumber, details: c.details})))})
         AS x(profile_id text, id_number text, details jsonb)`;
  // The creation revision, as recordHistory names it (`<card>:0:created`), with the file it came from.
  await pg`
    INSERT INTO profile_revision (id, profile_id, revision, user_id, by_candidate, field, created_at, imported_from)
    SELECT x.id || ':0:created', x.id, 0, ${ownerID}, false, 'created', ${now}, ${fileName}
    FROM unnest(${cards.map(c => c.id)}::text[]) AS x(id)`;
}
