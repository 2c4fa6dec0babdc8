import {
  Events,
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import type {IncomingMessage} from 'node:http';
import type {GoogleOptions} from '../../server/auth/google.ts';

/**
 * A real local OpenID Connect provider standing in for Google (oauth2-mock-server in this process):
 * discovery, JWKS, /authorize and /token, RS256-signed ID tokens carrying the authorize request's
 * nonce. Like Google it refuses a token request whose client secret or redirect_uri is wrong.
 */
export async function startGoogleProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const options: GoogleOptions = {clientID: 'kesher-test-client', clientSecret: 'kesher-test-secret', issuer: server.issuer.url!};

  /** Claims the next ID tokens carry on top of the mock's own (iss, aud, sub, exp, nonce…): who signed in. */
  let identity: Record<string, unknown> = {};
  const redirectUris = new Map<string, string>();
  const tokenRequests: Array<Record<string, unknown>> = [];

  server.service.on(
    Events.BeforeAuthorizeRedirect,
    ({url}: MutableRedirectUri, req: IncomingMessage & {query: Record<string, unknown>}) => {
      const code = url.searchParams.get('code');
      if (code && typeof req.query.redirect_uri === 'string') redirectUris.set(code, req.query.redirect_uri);
    },
  );
  server.service.on(Events.BeforeTokenSigning, (token: MutableToken) => {
    // Only the ID token has an audience in an authorization-code response; the access token stays as is.
    if (token.payload.aud !== undefined) Object.assign(token.payload, identity);
  });
  server.service.on(Events.BeforeResponse, (response: MutableResponse, req: TokenRequestIncomingMessage) => {
    const body: Record<string, unknown> = {...req.body};
    tokenRequests.push(body);
    const expectedRedirect = typeof body.code === 'string' ? redirectUris.get(body.code) : undefined;
    if (body.client_id !== options.clientID || body.client_secret !== options.clientSecret) {
      Object.assign(response, {statusCode: 401, body: {error: 'invalid_client'}});
    } else if (expectedRedirect === undefined || body.redirect_uri !== expectedRedirect) {
      Object.assign(response, {statusCode: 400, body: {error: 'redirect_uri_mismatch'}});
    }
  });

  return {
    options,
    server,
    tokenRequests,
    /** Sets who the next sign-ins are, or any claim a test wants to spoil (aud, exp, nonce…). */
    setIdentity: (claims: Record<string, unknown>) => (identity = claims),
    close: () => server.stop(),
  };
}
