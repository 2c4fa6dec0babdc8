/**
 * The login page's search (spec §2: redirectTo and queryParams; the identity provider's return adds google-cb,
 * state and code). Apart from the page, so the router reads it without fetching the page's code (issue 35).
 */
export type LoginSearch = {redirectTo?: string; queryParams?: string; 'google-cb'?: string; state?: string; code?: string};

/** Whatever was in the address, read safely: text values only, and google-cb as a flag. */
export function loginSearchOf(search: Record<string, unknown>): LoginSearch {
  const text = (key: string) => (typeof search[key] === 'string' ? {[key]: search[key] as string} : {});
  return {
    ...text('redirectTo'),
    ...text('queryParams'),
    ...text('state'),
    ...text('code'),
    ...('google-cb' in search ? {'google-cb': ''} : {}),
  };
}
