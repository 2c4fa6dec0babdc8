import * as v from 'valibot';

/**
 * The users log (spec §2 admin/logs, usersLog): one list over three server-only tables. Every entry has
 * one of these kinds: a sign-in event that went through (sign-in, sign-out, a code sent) or failed
 * (auth_event), a card change (profile_revision), or a sensitive read of the access log (access_log's
 * `what`: card details, print, file, export, duplicate lookup, an ID number elsewhere, a public form).
 */
export const LOG_KINDS = [
  'sign-in',
  'sign-in-failed',
  'change',
  'card',
  'print',
  'file',
  'export',
  'duplicates',
  'id-number',
  'candidate-form',
  'benefit-card',
] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/** How many entries one page holds at most; the screen asks for more with `offset`. */
export const LOG_PAGE_MAX = 200;

const digits = (max: number) => v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number), v.maxValue(max));
const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(max));

/**
 * The log's filters as query parameters (the list and the CSV export take the same ones): the acting
 * user, a record (a card's id or part of its name), a kind, and a time window in ms [from, until).
 * Anything else, or a malformed value, is refused with 400.
 */
export const logQuerySchema = v.strictObject({
  user: v.optional(text(100)),
  record: v.optional(text(100)),
  kind: v.optional(v.picklist(LOG_KINDS)),
  from: v.optional(digits(Number.MAX_SAFE_INTEGER)),
  until: v.optional(digits(Number.MAX_SAFE_INTEGER)),
  limit: v.optional(v.pipe(digits(LOG_PAGE_MAX), v.minValue(1))),
  offset: v.optional(digits(1_000_000)),
});
export type LogQuery = v.InferOutput<typeof logQuerySchema>;

/** One entry as the list answers it. */
export type LogEntry = {
  /** Unique within the log: the source table and the row's id. */
  key: string;
  /** ISO time. */
  at: string;
  kind: LogKind;
  userID: string | null;
  userName: string | null;
  profileID: string | null;
  profileName: string | null;
  /** The sign-in event's own kind, the changed field, or nothing for a read. */
  action: string | null;
  result: string | null;
  ip: string | null;
  /** What identifies the entry further: a sign-in's phone or email, a read's details (JSON). */
  detail: string | null;
};

export type LogUser = {id: string; name: string};
