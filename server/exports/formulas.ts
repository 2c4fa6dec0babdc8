/**
 * Exports never carry formulas (issue 33): a spreadsheet runs a cell that starts with = + - or @ (and
 * one that starts with a tab or CR, which it skips first) as a formula, so a visitor who names a card
 * `+1+1` or `=HYPERLINK(…)` would have it run on the office's computer. Every writer (the users log's
 * CSV, the exports' and the import report's .xlsx) passes its text through here: such a value gets a
 * leading apostrophe (OWASP's advice), which shows it as the text it is.
 *
 * A value that is wholly a number or a phone number (a sign, digits, one decimal point: `-3`, `+97250…`)
 * is left as it is: it can run nothing, and so phone numbers stay readable. Numbers written as numbers
 * (an .xlsx number cell) never pass through here.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export const defused = (text: string) => (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text);
