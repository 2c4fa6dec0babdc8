import * as oidc from 'openid-client';

/** Google sign-in is on only when its OAuth client is configured (GOOGLE_CLIENT_ID and _SECRET). */
export type GoogleOptions = {clientID: string; clientSecret: string; issuer: string};

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** The Google options from the environment, undefined when Google sign-in is off; half a setup is an error. */
export function googleFromEnv(env: NodeJS.ProcessEnv): GoogleOptions | undefined {
  const clientID = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientID && !clientSecret) return undefined;
  if (!clientID || !clientSecret) throw new Error('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
  const issuer = env.GOOGLE_ISSUER?.trim() || GOOGLE_ISSUER;
  if (!URL.canParse(issuer)) throw new Error(`GOOGLE_ISSUER=${issuer} is not a URL`);
  return {clientID, clientSecret, issuer};
}

/** What a validated ID token says about who signed in. */
export type GoogleIdentity = {subject: string; email: string | undefined; emailVerified: boolean};

/** Plain http is allowed only for a provider on this machine (the tests' stand-in), never across a network. */
const isLoopback = (url: URL) => url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * The OpenID Connect client for Google (or GOOGLE_ISSUER): authorization code flow with PKCE (S256)
 * and a nonce. The provider's metadata is discovered on first use rather than at startup, so the API
 * starts while Google is unreachable; a failed discovery is retried by the next call.
 */
export function googleClient(options: GoogleOptions) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () =>
    (configuration ??= discover(options).catch((error: unknown) => {
      configuration = undefined;
      throw error;
    }));

  return {
    /** The provider's authorization URL, without redirect_uri and state: the browser adds those. */
    async authorizationURL(codeVerifier: string, nonce: string): Promise<URL> {
      return oidc.buildAuthorizationUrl(await configure(), {
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        nonce,
      });
    },

    /**
     * Exchanges the code and validates the ID token: signature (the provider's JWKS), issuer, audience,
     * expiry and our nonce. Throws when any of it fails.
     */
    async identify(p: {code: string; redirectUri: string; codeVerifier: string; nonce: string}): Promise<GoogleIdentity> {
      // Not authorizationCodeGrant(): it derives redirect_uri from the callback URL with the query
      // stripped, and ours (/login?google-cb) must reach the token endpoint exactly as the browser sent it.
      const tokens = await oidc.genericGrantRequest(await configure(), 'authorization_code', {
        code: p.code,
        redirect_uri: p.redirectUri,
        code_verifier: p.codeVerifier,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token endpoint returned no ID token');
      // The generic grant checks everything but the nonce, which only this flow knows.
      if (claims.nonce !== p.nonce) throw new Error('the ID token nonce does not match');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined,
        emailVerified: claims.email_verified === true,
      };
    },
  };
}

async function discover(options: GoogleOptions): Promise<oidc.Configuration> {
  const issuer = new URL(options.issuer);
  // An ID token from the token endpoint is trusted over TLS alone by default; we check its signature
  // against the provider's keys all the same (enableNonRepudiationChecks), so a forged token fails.
  const execute = [oidc.enableNonRepudiationChecks, ...(isLoopback(issuer) ? [oidc.allowInsecureRequests] : [])];
  return oidc.discovery(issuer, options.clientID, options.clientSecret, undefined, {execute, timeout: 10});
}

/**
 * openid-client's messages are generic ("unexpected JWT claim value encountered"); the cause, or the
 * provider's OAuth error code (ResponseBodyError), says what actually went wrong.
 */
export function describeGoogleError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof oidc.ResponseBodyError) return `${error.message}: ${error.error}`;
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
