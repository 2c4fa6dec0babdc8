import type {Labels, Locale} from './shared.ts';

/**
 * A lookup row's label in the UI language, falling back to Hebrew (the data's base language). Apart from the
 * lookups' queries (app/lookups.ts, which stand on Zero), for the public candidate form too (issue 35).
 */
export function labelOf(labels: Labels | undefined, locale: Locale): string {
  return labels?.[locale] ?? labels?.he ?? '';
}
