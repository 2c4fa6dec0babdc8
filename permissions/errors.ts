import {ApplicationError} from '@rocicorp/zero';
import type {ErrorCode, ErrorDetails, FieldIssue} from './error-codes.ts';

export {ERROR_CODES, errorCodeOf, type ErrorCode, type ErrorDetails, type FieldIssue} from './error-codes.ts';

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

/**
 * Typed application errors (the codes: error-codes.ts). The code travels to the client (Zero's ApplicationError
 * details, or a REST body) and the UI maps it to a translated message; no stack trace ever leaves the server.
 */
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
