/**
 * Postgres's data exceptions (SQLSTATE class 22: a NUL byte in text, a number out of range, a date that
 * does not exist, text where a number belongs) come from a value the request carried that got past
 * validation. The request is refused (400 invalidInput), not failed (500): the fuzz suite found a NUL
 * byte in a route's id answering 500 (tests/pg/fuzz.pg.test.ts).
 */
export const isInvalidData = (error: unknown) =>
  typeof error === 'object' && error !== null && /^22[0-9A-Z]{3}$/.test(String((error as {code?: unknown}).code));
