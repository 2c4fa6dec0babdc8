import type {Context, MiddlewareHandler} from 'hono';
import {isHttps} from './env.ts';

export type SecurityHeaderOptions = {
  production: boolean;
  /** Where the browser syncs from (app/zero.ts): ZERO_PUBLIC_URL, or zero-cache's port on the page's host. */
  zeroPort: number;
  zeroPublicURL?: string;
  /** The phone-proxy sidecar's port, when browsers connect to it. */
  phoneProxyPort?: number;
};

/**
 * Headers every answer carries: no MIME sniffing, no referrer beyond our own pages, never framed. The
 * app's pages run only scripts of their own and talk only to us, zero-cache and the phone proxy; API
 * answers are data, never a document. HSTS in production (browsers honour it over https only).
 * A route that sets its own Content-Security-Policy (file downloads: a sandbox) keeps it.
 */
export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'same-origin');
    headers.set('X-Frame-Options', 'DENY');
    if (options.production) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
    if (!headers.has('Content-Security-Policy')) {
      headers.set(
        'Content-Security-Policy',
        c.req.path.startsWith('/api/') ? "default-src 'none'; frame-ancestors 'none'" : appPolicy(c, options),
      );
    }
  };
}

function appPolicy(c: Context, options: SecurityHeaderOptions) {
  const {hostname} = new URL(c.req.url);
  const secure = isHttps(c);
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  const zero = options.zeroPublicURL
    ? new URL(options.zeroPublicURL).origin
    : `${secure ? 'https' : 'http'}://${host}:${options.zeroPort}`;
  const connect = ["'self'", zero, zero.replace(/^http/, 'ws')];
  if (options.phoneProxyPort) connect.push(`${secure ? 'wss' : 'ws'}://${host}:${options.phoneProxyPort}`);
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Toasts (sonner) insert their stylesheet at run time; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The service worker (dist/sw.js) and the web app manifest (docs/pwa.md).
    "worker-src 'self'",
    "manifest-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
