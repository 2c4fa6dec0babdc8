/**
 * Readers of a URL's search params, whatever was typed there: a value that is not what the filter
 * expects is dropped. The router reads a param that looks like JSON as such ("123" arrives as a number,
 * "true" as a boolean), so each reader takes either form.
 */

/** One of some options, or undefined. */
export const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.includes(value as T) ? (value as T) : undefined;

/** Some text as typed (not trimmed), or undefined when it is absent or blank. */
export const textOf = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '' ? String(value) : undefined;

/** Whether a flag is on. */
export const flagOf = (value: unknown): boolean => value === true || value === 'true' || value === 1 || value === '1';

/** The params that were read, without the ones dropped (so an untouched filter leaves no key). */
export const definedOnly = <T extends object>(found: T): T =>
  Object.fromEntries(Object.entries(found).filter(([, value]) => value !== undefined)) as T;
