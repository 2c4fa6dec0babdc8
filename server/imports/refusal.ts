/**
 * Why an uploaded file is refused (issue 16; issue 33 for `unsafeFile` and `csvTooLong`): each is a
 * translated error code the upload answers (server/imports/routes.ts) and the screen shows
 * (app/imports/api.ts).
 */
export type SheetRefusal =
  | 'fileType'
  | 'emptyFile'
  | 'tooManyRows'
  | 'unreadable'
  | 'singleRowOnly'
  /** An .xlsx whose zip would unpack to far more than a real sheet (a zip bomb), has too many parts, or holds a DTD. */
  | 'unsafeFile'
  /** A CSV line longer than MAX_CSV_LINE characters, or of more than MAX_CSV_COLUMNS fields. */
  | 'csvTooLong';

/** Thrown from the reading so that the reading stops where it is. */
export class SheetRefused extends Error {
  constructor(readonly reason: SheetRefusal) {
    super(reason);
  }
}
