import fc from 'fast-check';

/**
 * Hostile input for the fuzz suite (tests/pg/fuzz.pg.test.ts): what an attacker or a broken client
 * sends instead of a well-formed request. Every generator yields JSON (what a request can carry).
 */

/** Strings that break naive code: control and bidi characters, lone surrogates, look-alikes, injections. */
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eטקסט הפוך',
  '\u200B\u200C\u200D\uFEFF',
  '🧨👨‍👩‍👧‍👦🏳️‍🌈',
  'ש'.repeat(3) + '\u05B0\u05B1\u05B2'.repeat(50),
  "'; DROP TABLE profile; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example","x")',
  '+1+1',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  '-0',
  '1e309',
  '9'.repeat(400),
  '2026-02-30',
  '0000-00-00T00:00:00Z',
  'null',
  'undefined',
];

const NUMBERS = [0, -0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE];

/** A value nested `depth` levels deep (arrays or objects), which recursive code and parsers choke on. */
const deep = (depth: number, asObject: boolean): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = asObject ? {a: value} : [value];
  return value;
};

/**
 * Field names the app's writes use, so generated objects get past "unknown shape" and into the
 * mutators' own checks (wrong types, foreign ids, sizes).
 */
export const FIELD_NAMES = [
  'id',
  'ids',
  'profileID',
  'maleProfileID',
  'femaleProfileID',
  'activityID',
  'chatID',
  'userID',
  'userIDs',
  'memberIDs',
  'searchID',
  'pageID',
  'folderID',
  'ideaID',
  'coupleID',
  'communityID',
  'institutionID',
  'sectorID',
  'statusID',
  'formatID',
  'revision',
  'name',
  'title',
  'body',
  'text',
  'content',
  'summary',
  'note',
  'reason',
  'city',
  'forename',
  'surname',
  'birthDate',
  'gender',
  'phone',
  'phones',
  'email',
  'role',
  'permissions',
  'status',
  'type',
  'kind',
  'state',
  'database',
  'order',
  'token',
  'expiresAt',
  'reminderAt',
  'month',
  'points',
  'goal',
  'filters',
  'conditions',
  'columns',
  'labels',
  'variations',
  'active',
  'visibility',
  'field',
  'value',
  'details',
];

/** Hostile leaf and container values; `ids` are real ids of rows the caller may not own (other users'). */
export function hostileValue(ids: readonly string[]): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom(...EDGE_STRINGS),
    fc.constantFrom(...NUMBERS),
    fc.constantFrom(...(ids.length > 0 ? ids : ['none'])),
    fc.boolean(),
    fc.constant(null),
    fc.string({unit: 'binary', maxLength: 40}),
    fc.integer({min: 10_000, max: 300_000}).map(n => 'x'.repeat(n)),
    fc.integer({min: 30, max: 400}).chain(depth => fc.boolean().map(asObject => deep(depth, asObject))),
    fc.integer({min: 1_000, max: 20_000}).map(n => Array.from({length: n}, (_, i) => i)),
  );
  return fc.oneof(
    {weight: 4, arbitrary: leaf},
    {weight: 1, arbitrary: fc.array(leaf, {maxLength: 5})},
    {weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), leaf, {maxKeys: 4})},
  );
}

/** A write's arguments: mostly objects of the app's field names with hostile values, sometimes not an object at all. */
export function hostileArgs(ids: readonly string[]): fc.Arbitrary<unknown> {
  const value = hostileValue(ids);
  return fc.oneof(
    {weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, {minKeys: 1, maxKeys: 8})},
    {weight: 1, arbitrary: fc.dictionary(fc.string({maxLength: 12}), value, {maxKeys: 4})},
    {weight: 1, arbitrary: value},
  );
}

/** A path segment: a foreign id, an edge string or garbage, as it would appear in a URL. */
export function hostileSegment(ids: readonly string[]): fc.Arbitrary<string> {
  return (
    fc
      .oneof(
        fc.constantFrom(...EDGE_STRINGS.filter(s => s !== '')),
        fc.constantFrom(...(ids.length > 0 ? ids : ['none'])),
        fc.string({minLength: 1, maxLength: 30}),
        fc.integer({min: 500, max: 5_000}).map(n => 'y'.repeat(n)),
      )
      // Every byte percent-encoded: encodeURIComponent refuses lone surrogates, which become U+FFFD here.
      .map(s => Array.from(new TextEncoder().encode(s), byte => `%${byte.toString(16).padStart(2, '0')}`).join(''))
  );
}

/** A request body: hostile JSON, text that is not JSON, or a large one. */
export function hostileBody(ids: readonly string[]): fc.Arbitrary<{contentType: string; body: string}> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: hostileArgs(ids).map(args => ({contentType: 'application/json', body: JSON.stringify(args) ?? 'null'})),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{', '{"a":', 'nul', '\u0000\u0001', '[1,2,', '"\\uD800"', '['.repeat(100_000)).map(body => ({
        contentType: 'application/json',
        body,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x')
        .map(contentType => ({contentType, body: 'a=1&b=%00&--x\r\n'})),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({min: 1, max: 6})
        .map(mib => ({contentType: 'application/json', body: JSON.stringify({body: 'z'.repeat(mib << 20)})})),
    },
  );
}
