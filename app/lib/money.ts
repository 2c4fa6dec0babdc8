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
