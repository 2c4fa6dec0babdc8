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
  'staleRevision',
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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type FieldIssue = {field: string; message: string};

export class AppError extends ApplicationError<{code: ErrorCode; issues?: FieldIssue[]}> {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, issues?: FieldIssue[]) {
    super(code, {details: issues ? {code, issues} : {code}});
    this.code = code;
  }
}

export function errorCodeOf(details: unknown): ErrorCode | undefined {
  const code = (details as {code?: unknown} | undefined)?.code;
  return (ERROR_CODES as readonly string[]).includes(code as string) ? (code as ErrorCode) : undefined;
}
