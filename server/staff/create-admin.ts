/**
 * `npm run admin:create -- --name <full name> --phone <mobile> [--email <address>] [--gender male|female]`
 * (docs/operations.md, "The first day"): creates the first administrator of a new office (production
 * has no demo data) and prints the link where they choose their password, valid 72 hours. Run it beside
 * the running stack (`npm start`), which owns the embedded database, or with DATABASE_URL.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {readOptions, stop} from '../cli.ts';
import {nanoid} from 'nanoid';
import * as v from 'valibot';
import {staffSchema} from '../../app/staff/schema.ts';
import {invitationPath} from '../../app/invitation/paths.ts';
import {AppError} from '../../permissions/errors.ts';
import {appOrigins, dataDir, readPorts} from '../config.ts';
import {connect} from '../db/sql.ts';
import {createInvitation, INVITATION_HOURS} from './invitations.ts';
import {addStaffMember} from './staff-members.ts';

const USAGE = 'usage: npm run admin:create -- --name <full name> --phone <mobile> [--email <address>] [--gender male|female]';

const values = readOptions(USAGE, ['name', 'phone', 'email', 'gender'], ['name', 'phone']);

/** DATABASE_URL, or the embedded database `npm start` runs (its password is kept in the data folder). */
function databaseURL(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const passwordFile = path.join(dataDir(), 'pg-password');
  if (!existsSync(passwordFile)) stop(`no database here: start Kesher first (npm start), or set DATABASE_URL`);
  return `postgres://postgres:${readFileSync(passwordFile, 'utf8').trim()}@127.0.0.1:${readPorts().postgres}/kesher`;
}

/** The address users open: PUBLIC_URL, else the first of APP_ORIGINS, else the development page. */
const appURL = process.env.PUBLIC_URL || appOrigins()[0] || `http://localhost:${readPorts().web}`;

// The staff form's own checks (a valid Israeli mobile, an email, a name), as the screen would refuse them.
const checked = v.safeParse(staffSchema, {
  id: `admin-${nanoid(10)}`,
  name: values.name,
  phone: values.phone,
  landline: '',
  email: values.email ?? '',
  gender: values.gender ?? 'female',
  role: 'admin',
  employment: 'in_house',
  printNotes: '',
  availableHours: '',
});
if (!checked.success) stop(`refused: ${checked.issues.map(i => `${v.getDotPath(i)}: ${i.message}`).join(', ')}\n${USAGE}`);
const admin = checked.output;

const sql = connect(databaseURL(), {max: 1});
try {
  const id = admin.id;
  await sql.begin(tx => addStaffMember(tx, admin, {approved: true}));
  const token = await createInvitation(sql, id, null);
  console.log(`administrator ${values.name} created (${id})`);
  console.log(`their invitation, valid ${INVITATION_HOURS} hours and once: ${new URL(invitationPath(token), appURL)}`);
} catch (error) {
  if (error instanceof AppError) {
    const issues = (error.details as {issues?: Array<{field: string; message: string}>} | undefined)?.issues ?? [];
    stop(`refused: ${issues.map(i => `${i.field}: ${i.message}`).join(', ') || error.message}`);
  }
  if ((error as {code?: string}).code === 'ECONNREFUSED')
    stop('the database does not answer: start Kesher first (npm start), or set DATABASE_URL');
  stop(`failed: ${(error as Error).message}`);
} finally {
  await sql.end({timeout: 2});
}
