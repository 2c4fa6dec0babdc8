import {AsyncLocalStorage} from 'node:async_hooks';
import {
  getServerAsyncLocalStorage,
  isLocale,
  overwriteServerAsyncLocalStorage,
  type ParaglideAsyncLocalStorage,
} from '../../app/paraglide/runtime.js';
import type {Locale} from '../../zero-schema.ts';

/**
 * Server-side texts in the user's language (the exports' sheets, the import's error report): paraglide
 * reads the locale of the async context it runs in, so code shared with the browser calls messages bare.
 * The storage is installed once for the process.
 */
export function inLocale<T>(locale: Locale, run: () => T): T {
  if (!getServerAsyncLocalStorage())
    overwriteServerAsyncLocalStorage(new AsyncLocalStorage() as unknown as ParaglideAsyncLocalStorage);
  return getServerAsyncLocalStorage()!.run({locale}, run);
}

/** The language a request asks for (?locale=), else Hebrew, the base language. */
export const localeOf = (asked: string | undefined): Locale => (isLocale(asked) ? asked : 'he');
