import {fieldLabel} from '../candidates/card/labels.ts';
import {fieldOf, messageFor} from '../lib/field-errors.ts';
import type {FieldIssue} from '../../permissions/errors.ts';
import * as m from '../paraglide/messages.js';
import type {DuplicateHit, PreviewRow} from './schema.ts';

/**
 * What the preview screen and the error report (server/imports/report.ts) say about a row, in the
 * language of the moment: one problem as "Field: message", one possible duplicate, and why a row is not
 * in the system.
 */
export const issueText = (issue: FieldIssue) =>
  `${fieldLabel(fieldOf(issue.field))}: ${messageFor(fieldOf(issue.field), issue.message)}`;

/** The required details an incomplete row lacks, by name. */
export const missingText = (issues: readonly FieldIssue[]) => issues.map(i => fieldLabel(fieldOf(i.field))).join(', ');

export function duplicateText(hit: DuplicateHit) {
  const reason = {idNumber: m.dup_reason_id, phone: m.dup_reason_phone, name: m.dup_reason_name}[hit.reason]();
  if ('row' in hit) return m.import_duplicate_of_row({reason, row: hit.row});
  return m.import_duplicate_of_card({reason, name: hit.name});
}

export function whyNotImported(row: Pick<PreviewRow, 'status' | 'issues' | 'duplicates' | 'decision' | 'outcome'>): string {
  if (row.outcome === 'rejected' || row.status === 'error') return row.issues.map(issueText).join('; ');
  if (row.decision === 'skip' && row.status === 'incomplete')
    return m.import_skipped_incomplete({missing: missingText(row.issues)});
  if (row.decision === 'skip' && row.duplicates.length > 0) return row.duplicates.map(duplicateText).join('; ');
  if (row.decision === 'skip') return m.import_skipped_by_choice();
  return m.import_not_reached();
}

/** The report's sheet: its name (Excel allows 31 characters) and header row around the file's own headers. */
export const reportSheetName = () => m.import_report_sheet().slice(0, 31);
export const reportHeaders = (headers: readonly string[]) => [m.import_report_row(), ...headers, m.import_report_error()];
