/**
 * The path of the candidate's edit form: the spec's edit link, which a self-user session opens outside the shell.
 * Apart from the form's schema (edit.ts), so the router's guard reads it without the form's code (issue 35).
 */
export const SELF_EDIT_PATH = /^\/home\/tickets\/edit\/[^/]+\/?$/;
