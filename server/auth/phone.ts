import {parsePhoneNumberFromString} from 'libphonenumber-js';

/** A phone number as typed (Israeli national or international form) → E.164, or undefined if invalid. */
export function toE164(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), 'IL');
  return parsed?.isValid() ? parsed.number : undefined;
}
