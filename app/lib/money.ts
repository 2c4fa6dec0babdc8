import {currentLocale} from '../i18n.ts';

/** The currencies the charity deals in (spec §9: shekel, dollar, euro). */
export const CURRENCIES = ['ILS', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** An amount with its symbol (₪, $, €) as the UI language writes it; whole amounts without decimals. */
export function formatMoney(amount: number, currency: Currency, locale: string = currentLocale()): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

/** How people write each currency, in the four languages and in short: ₪, ש״ח, NIS; $, דולר; €, יורו. */
const CURRENCY_WORDS: ReadonlyArray<[RegExp, Currency]> = [
  [/₪|ש["״]?ח|שקל(?:ים)?|nis|ils|шек(?:ел(?:ей|я)?)?|schekel/i, 'ILS'],
  [/\$|usd|דולר(?:ים)?|dollars?|доллар(?:ов|а)?/i, 'USD'],
  [/€|eur(?:o|os)?|יורו|евро/i, 'EUR'],
];

/** A sum as the card keeps it: the amount and the currency's code, "1500 ILS". */
export type Money = {amount: number; currency: Currency};
export const moneyText = ({amount, currency}: Money) => `${amount} ${currency}`;

/**
 * A sum as typed, imported or stored ("1,500 ₪", "$300", "300 דולר", "1500 ILS") → amount and currency;
 * a number alone is in shekels. Anything else (words around it, two currencies, a negative) is no sum.
 */
export function parseMoney(typed: string): Money | undefined {
  let rest = typed.replace(/[\s,\u200e\u200f\u00a0\u202f]/g, '');
  let currency: Currency | undefined;
  for (const [words, code] of CURRENCY_WORDS) {
    if (!words.test(rest)) continue;
    if (currency) return undefined;
    currency = code;
    rest = rest.replace(words, '');
  }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(rest)) return undefined;
  return {amount: Number(rest), currency: currency ?? 'ILS'};
}

/** A kept sum as the UI language writes it; text that is no sum (kept from before) as it is. */
export function formatMoneyText(kept: string): string {
  const money = parseMoney(kept);
  return money ? formatMoney(money.amount, money.currency) : kept;
}
