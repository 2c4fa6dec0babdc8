import {randomInt} from 'node:crypto';
import {nanoid} from 'nanoid';
import type {Sql} from '../../server/db/sql.ts';
import type {Role} from '../../permissions/roles.ts';
import type {Permission} from '../../permissions/labels.ts';
import {effectivePermissions} from '../../permissions/roles.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {hashPassword} from '../../server/auth/passwords.ts';
import {israeliIDCheckDigit} from '../../app/lib/israeli-id.ts';

/**
 * Inserts a staff user with a unique id (approved and with the declaration accepted today unless told
 * otherwise) and returns its server-side context.
 */
export async function makeUser(
  sql: Sql,
  role: Role,
  grants: Permission[] = [],
  account: {
    phone?: string;
    email?: string;
    password?: string;
    approved?: boolean;
    declarationAcceptedOn?: string | null;
    /** The commitment form (server/agreement/) still to sign; signed by default. */
    agreementDue?: boolean;
  } = {},
): Promise<AuthContext> {
  const id = `u-${nanoid(8)}`;
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  const declaration =
    account.declarationAcceptedOn === undefined ? sql`current_date` : sql`${account.declarationAcceptedOn}::date`;
  await sql`INSERT INTO app_user (id, name, gender, role, permissions, phone, email, password_hash, approved_at, declaration_accepted_on, agreement_due)
            VALUES (${id}, ${'בודק ' + id}, 'male', ${role}, ${sql.json(grants)}, ${account.phone ?? null},
                    ${account.email ?? null}, ${passwordHash}, ${account.approved === false ? null : new Date()}, ${declaration},
                    ${account.agreementDue ?? false})`;
  return {userID: id, role, permissions: effectivePermissions(role, grants)};
}

/** Inserts a profile directly (bypassing mutators) for visibility tests. */
export async function makeProfile(
  sql: Sql,
  ownerID: string,
  database: 'general' | 'personal',
  surname = 'כהן',
  forename = 'משה',
) {
  const id = `p-${nanoid(8)}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id)
            VALUES (${id}, ${forename}, ${surname}, 'male', '2000-01-01', 'בני ברק', 'litvish', 'available', ${database}, ${ownerID})`;
  await sql`INSERT INTO profile_detail (profile_id) VALUES (${id})`;
  return id;
}

/** A fresh valid Israeli ID number (nine digits, the check digit computed), unlikely to repeat within a run. */
export function makeIsraeliID(): string {
  // Below 50,000,000: the large sheets' ID numbers start at 60,000,000 (server/bench/import-sheet.ts), and a
  // random card holding one of them would make a row of theirs a duplicate.
  const body = String(Math.floor(Math.random() * 5e7)).padStart(8, '0');
  return `${body}${israeliIDCheckDigit(body)}`;
}

/**
 * A complete, valid card as the edit form sends it: the person makeProfile writes, with the required
 * details filled in. `over` replaces whole fields (details included).
 */
export function cardValues(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    forename: 'משה',
    surname: 'כהן',
    gender: 'male',
    city: 'בני ברק',
    birthDate: '2000-01-01',
    sectorID: 'litvish',
    statusID: 'available',
    idNumber: null,
    communityID: null,
    openFrom: null,
    colour: null,
    details: {occupation: 'אברך', suggestionsContact: 'רבקה כהן', suggestionsPhone: '050-1234567', inquiryPhones: ['03-6123456']},
    ...over,
  };
}

/** Valid arguments of cards.create: a new card in the general database. */
export function newCard(over: Record<string, unknown> = {}): Record<string, unknown> & {id: string} {
  return {
    id: `p-${nanoid(8)}`,
    ...cardValues({
      forename: 'רבקה',
      surname: 'פרידמן',
      gender: 'female',
      city: 'בית שמש',
      birthDate: '2001-05-20',
      sectorID: 'chassidish',
    }),
    database: 'general',
    temporary: false,
    ...over,
  };
}

/** A random Israeli mobile number, E.164. */
export const randomMobile = () => `+97254${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
/** How a person types an E.164 Israeli mobile into the digits-only form. */
export const nationalPhone = (e164: string) => `0${e164.slice(4)}`;

/**
 * A fresh ticket with self-user details (the candidate's phone and a parent's), and the self-user
 * login form filled in for it (the parent's phone).
 */
export async function makeTicket(sql: Sql, ownerID: string) {
  // Above the large sheets' ID numbers (60,000,000 on: server/bench/import-sheet.ts).
  const body = String(randomInt(70_000_000, 100_000_000));
  const t = {
    id: `p-${nanoid(8)}`,
    idNumber: `${body}${israeliIDCheckDigit(body)}`,
    phones: [randomMobile(), randomMobile()],
    birthday: '2001-03-04',
  };
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id, phones)
            VALUES (${t.id}, 'שרה', 'לוי', 'female', ${t.birthday}, 'בני ברק', 'litvish', 'available', ${ownerID},
                    ${sql.json(t.phones)})`;
  await sql`INSERT INTO profile_detail (profile_id, id_number) VALUES (${t.id}, ${t.idNumber})`;
  const login = {phone: nationalPhone(t.phones[1]!), tz: t.idNumber, birthday: t.birthday, name: 'לוי שרה'};
  return {...t, login};
}
