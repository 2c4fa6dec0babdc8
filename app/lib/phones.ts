import {parsePhoneNumberFromString, type CountryCode} from 'libphonenumber-js/min';

/**
 * Phone numbers are stored as E.164 and shown the way their owners write them. Shared by the forms and
 * the server. The `min` metadata (the same the login form uses) checks the length and leading digits per
 * country, which keeps the browser bundle small; the stricter `max` metadata would also reject made-up
 * numbers such as the demo ones.
 */

/**
 * A phone number as typed → E.164, or undefined if invalid. Numbers without a country code are read as
 * numbers of `defaultCountry` (Israel: 050-1234567); international ones (+44…, or 00 44… from Israel)
 * keep their own country.
 */
export function toE164(input: string, defaultCountry: CountryCode = 'IL'): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultCountry);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * A stored E.164 number for display: Israeli mobiles as people here write them (050-1234567), other
 * Israeli numbers in the national form (02-625-1111), others in the international form (+44 20 7946
 * 0958). Anything that does not parse is shown as stored rather than hidden.
 */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  if (parsed.countryCallingCode !== '972') return parsed.formatInternational();
  const national = String(parsed.nationalNumber);
  return /^5\d{8}$/.test(national) ? `0${national.slice(0, 2)}-${national.slice(2)}` : parsed.formatNational();
}
