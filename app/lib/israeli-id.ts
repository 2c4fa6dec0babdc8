/**
 * Israeli ID numbers (teudat zehut, the spec's "ID number" / "tz"), shared by the forms and the server.
 * The check is the one in docs/domain-notes.md: nine digits (shorter ones are left-padded with zeros),
 * weighted 1,2,1,2,… from the left, 9 taken off any product above 9, total divisible by 10.
 */

/** The canonical 9-digit form of a typed ID number (spaces and dashes ignored), or undefined when it is not 1–9 digits. */
export function normalizeIsraeliID(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{1,9}$/.test(digits) ? digits.padStart(9, '0') : undefined;
}

function weightedSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return sum;
}

/** True when the check digit is right. All zeros passes the arithmetic but is nobody's number. */
export function isValidIsraeliID(input: string): boolean {
  const id = normalizeIsraeliID(input);
  return id !== undefined && id !== '000000000' && weightedSum(id) % 10 === 0;
}

/** The check digit that completes an 8-digit body (generated demo and test data). */
export function israeliIDCheckDigit(body: string): number {
  return (10 - (weightedSum(body) % 10)) % 10;
}
