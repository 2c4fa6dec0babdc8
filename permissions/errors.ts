import {ApplicationError} from '@rocicorp/zero';

/**
 * Typed application errors. The code travels to the client (Zero's ApplicationError details, or a
 * REST body) and the UI maps it to a translated message; no stack trace ever leaves the server.
 * notFound also answers "exists but not yours", so errors do not reveal hidden rows.
 */
export const ERROR_CODES = [
  'notLoggedIn',
  'forbidden',
  'notFound',
  'invalidInput',
  'unknownOption',
  'maintenance',
  // An edit changed a field someone else saved since the editor's form showed it (the issues name them).
  'editConflict',
  // Refusals the spec's dictionary (§8) words for the user; app/lib/dictionary.ts holds their texts.
  'idExists',
  'userUnknown',
  'incomplete',
  'nameExists',
  'shadchanNameExists',
  'shadchanPhoneExists',
  'birthDateMismatch',
  'genderMismatch',
  'unableToSave',
  // An ID number of a card the user may not see: one answer, whatever that card holds (issue 10).
  'idNumberUnavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldIssue = {field: string; message: string};

/**
 * A refusal the office must hear of: the API writes it to the access log (server/audit/access-log.ts)
 * with its own pool, outside the transaction the refusal rolls back. Server-only: it never enters
 * `details`, which travel to the client.
 */
export type AuditNote = {
  what: 'id-number';
  profileID: string;
  result: string;
  detail?: Record<string, string | number | boolean | null>;
};

export type ErrorDetails = {
  code: ErrorCode;
  issues?: FieldIssue[];
  /** The other card a refusal is about, named only when the user may open it (the form links to it). */
  profileID?: string;
};

export class AppError extends ApplicationError<ErrorDetails> {
  readonly code: ErrorCode;
  readonly audit: AuditNote | undefined;
  constructor(code: ErrorCode, issues?: FieldIssue[], about: {profileID?: string; audit?: AuditNote} = {}) {
    super(code, {
      details: {code, ...(issues ? {issues} : {}), ...(about.profileID ? {profileID: about.profileID} : {})},
    });
    this.code = code;
    this.audit = about.audit;
  }
}

export function errorCodeOf(details: unknown): ErrorCode | undefined {
  const code = (details as {code?: unknown} | undefined)?.code;
  return (ERROR_CODES as readonly string[]).includes(code as string) ? (code as ErrorCode) : undefined;
}
