/**
 * Typed application errors' codes and details (AppError itself: errors.ts). The code travels to the client (Zero's ApplicationError details, or a
 * REST body) and the UI maps it to a translated message; no stack trace ever leaves the server.
 * notFound also answers "exists but not yours", so errors do not reveal hidden rows. Apart from AppError, which
 * stands on Zero: what a browser needs to read a refusal, on public pages too, which never load Zero (issue 35).
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

export type ErrorDetails = {
  code: ErrorCode;
  issues?: FieldIssue[];
  /** The other card a refusal is about, named only when the user may open it (the form links to it). */
  profileID?: string;
};

export function errorCodeOf(details: unknown): ErrorCode | undefined {
  const code = (details as {code?: unknown} | undefined)?.code;
  return (ERROR_CODES as readonly string[]).includes(code as string) ? (code as ErrorCode) : undefined;
}
