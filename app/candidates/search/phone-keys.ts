/** Israel's country code: a number typed without one is Israeli (the office's default, as in app/lib/phones.ts). */
const ISRAEL = '972';
/** The fewest digits a phone number is written with (+500 12345, the Falklands, has 8; Israel's 9, with the 0). */
const MIN_DIGITS = 7;
/** National trunk prefixes: 0 in most countries (Israel's), 8 in Russia's and its neighbours', 1 in North America. */
const TRUNK = ['0', '8', '1'];

/**
 * The numbers a phone typed into the search box may be, in E.164, for the exact match on the cards' phone keys:
 * written internationally (+44 20…, or 00 44 20… as dialled from Israel) it is that number; otherwise it is read
 * as Israeli (050-1234567, 50-1234567, 972-50-…, 02-625-1111), and as an international number typed without its
 * plus.
 *
 * No phone library: every key is a valid E.164 number (app/lib/phones.ts checks them on the way in), so a reading
 * that is no real number finds nothing, and the list, whose search this is, goes without the library's 29 kB
 * (issue 35). tests/unit/phone-keys.test.ts holds it to the library: whatever the library reads, this offers.
 */
export function phoneSearchKeys(typed: string): string[] {
  const digits = typed.replace(/\D/g, '');
  // Fewer digits are no phone number, however written.
  if (digits.length < MIN_DIGITS) return [];
  const readings = typed.trim().startsWith('+')
    ? [digits]
    : digits.startsWith('00')
      ? [digits.slice(2)]
      : [ISRAEL + digits.replace(/^0/, ''), digits];
  const numbers = readings
    // The national trunk prefix written after the country code (+44 (0)20…, +972 050…, +7 8…, +1 1…): the number
    // itself has none. The code has 1 to 3 digits; the reading without a digit that was no prefix is no real
    // number, so offering both costs nothing.
    .flatMap(reading => [
      reading,
      ...[1, 2, 3].filter(at => TRUNK.includes(reading[at]!)).map(at => reading.slice(0, at) + reading.slice(at + 1)),
    ])
    // E.164: a country code (never 0) and at most 15 digits.
    .filter(reading => /^[1-9]\d{6,14}$/.test(reading));
  return [...new Set(numbers)].map(reading => `+${reading}`);
}
