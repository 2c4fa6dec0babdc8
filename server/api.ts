import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {serveStatic} from '@hono/node-server/serve-static';
import {Hono} from 'hono';
import {ROOT} from './config.ts';
import type {ApiEnv} from './http/env.ts';
import {sessionGate} from './auth/session-gate.ts';
import {mountSessionRoutes, type ShellLinks} from './auth/routes.ts';
import {mountDevSignIn} from './auth/dev-sign-in.ts';
import {mountLoginRoutes, type LoginOptions} from './auth/login-routes.ts';
import {mountGoogleRoutes} from './auth/google-routes.ts';
import type {GoogleOptions} from './auth/google.ts';
import {mountAfterLoginRoutes} from './auth/after-login-routes.ts';
import {mountAgreementRoutes} from './agreement/routes.ts';
import {mountNotificationRoutes} from './notifications/routes.ts';
import {mountUsersLogRoutes} from './users-log/routes.ts';
import {mountReportRoutes} from './reports/routes.ts';
import {mountSelfUserRoutes} from './auth/self-user-routes.ts';
import {mountSelfEditRoutes} from './self-edit/routes.ts';
import {mountSelfVerifyRoutes} from './self-edit/verify-routes.ts';
import {mountSelfPhotoRoutes} from './self-edit/photo-routes.ts';
import {mountSelfVerifyEmailRoutes} from './self-edit/verify-email-routes.ts';
import {mountBonusCheckRoute} from './benefit-cards/check-route.ts';
import {mountSelfBonusRoutes} from './benefit-cards/self-routes.ts';
import {mountEngagedCoupleRoutes} from './engaged-couples/routes.ts';
import type {Mailer, OutboxEntry} from './auth/delivery/index.ts';
import {mountContactRoutes} from './contact/routes.ts';
import {mountForumRoutes} from './forum/routes.ts';
import {mountDuplicateRoutes} from './candidates/duplicates.ts';
import {mountCandidateCountRoutes} from './candidates/count.ts';
import {mountCandidateFormRoutes} from './candidates/candidate-form.ts';
import {mountOwnerContactRoutes} from './candidates/owner-contact.ts';
import {mountSuggestionRoutes} from './suggestions/routes.ts';
import {createLimits, type Limits} from './auth/rate-limit.ts';
import {isUploadPath, mountFileRoutes} from './files/routes.ts';
import type {FileStorage} from './files/storage.ts';
import {exportStorageFromEnv, fileStorageFromEnv} from './files/storage-env.ts';
import {mountPrintRoutes} from './audit/print-routes.ts';
import {mountExportRoutes} from './exports/routes.ts';
import {exportsDirFromEnv} from './exports/jobs.ts';
import type {ForumOptions} from './forum/nodebb.ts';
import {fail, limitBody} from './http/body.ts';
import {sameOriginWrites} from './http/same-origin.ts';
import {securityHeaders} from './http/security-headers.ts';
import {isDatabaseUnreachable, logDatabaseUnreachable} from './http/database-down.ts';
import {isInvalidData} from './http/invalid-data.ts';
import type {Sql} from './db/sql.ts';
import {mountZeroEndpoints} from './zero/endpoints.ts';
import {mountPhoneEventRoutes} from './phone-proxy/event-routes.ts';
import {mountSimulateCall} from './phone-proxy/dev-routes.ts';
import {isImportUploadPath, mountImportRoutes} from './imports/routes.ts';
import {mountInvitationRoutes} from './staff/invitation-routes.ts';
import {mountResetRoutes} from './auth/reset-routes.ts';
import {createMetrics, type Metrics} from './monitoring/metrics.ts';
import {mountHealthRoute, mountSystemStatusRoutes, type MonitoringOptions} from './monitoring/status-routes.ts';

/** dist/'s files named without a content hash that a browser must re-check on each use (vite.config.ts: the service worker). */
const UNHASHED_APP_FILES = /^\/(sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;
/** A path with a static file's extension: never a client-side route. */
const STATIC_FILE = /\.(js|mjs|css|map|json|webmanifest|png|svg|ico|woff2?)$/i;

/** zero-cache's pushes and query requests; a whole card is below 64 KB, a long offline queue stays well below this. */
export const ZERO_MAX_BODY_BYTES = 4 * 1024 * 1024;

export type ApiOptions = {
  sql: Sql;
  /** Development sign-in (pick a seeded user): only in the explicit development mode, never in production. */
  devSignIn: boolean;
  /**
   * The bench's raw queries, which read every card for anyone signed in (server/zero/raw-queries.ts):
   * only the bench's stack asks for them, and never in production.
   */
  benchQueries?: boolean;
  /** Production: HSTS, and the production start's rules. */
  production?: boolean;
  /** The origins browsers use the app from (APP_ORIGINS); writes from any other are refused. */
  appOrigins?: readonly string[];
  /** Serve the built client from dist/ (production, e2e tests, bench); otherwise Vite serves it. */
  serveClient: boolean;
  /** Port of zero-cache, to tell the browser where to sync from. */
  zeroPort: number;
  /** Public zero-cache URL when it sits behind a proxy (ZERO_PUBLIC_URL). */
  zeroPublicURL?: string;
  /** How sign-in codes are sent. */
  codes: Omit<LoginOptions, 'sql' | 'limits'>;
  /** The phone-proxy sidecar's port when the phone proxy is enabled (PHONE_PROXY_ENABLED=true). */
  phoneProxyPort?: number;
  /** The phone provider's signing secret (PHONE_PROXY_SECRET); without it POST /api/phone-proxy/events answers 404. */
  phoneProxySecret?: string;
  /** Where the contact dialog's messages go, and how. */
  contact: {mailer: Mailer; officeEmail: string};
  /** Links the shell shows (DONATION_URL, WORLDS_FORM_URL) and the proxy number (PHONE_PROXY_NUMBER). */
  links?: ShellLinks;
  /** Development only: the codes the development delivery "sent". */
  devOutbox?: () => OutboxEntry[];
  /** Google sign-in's OAuth client; without it the Google calls answer 404 googleDisabled. */
  google?: GoogleOptions;
  /** NodeBB's read API for the unread badge and news (FORUM_API_TOKEN); without it they answer 404 forumDisabled. */
  forum?: ForumOptions;
  /** Where uploaded photos and documents live; by default as FILE_STORAGE says (server/files/storage-env.ts). */
  files?: FileStorage;
  /** Where Excel exports are written before they are stored; by default EXPORTS_DIR or .data/exports/ (server/exports/jobs.ts). */
  exportsDir?: string;
  /** Where finished exports are kept until downloaded; by default as FILE_STORAGE says (the exports folder itself, or the bucket). */
  exportStorage?: FileStorage;
  /**
   * Rate limits, caps and lockouts (server/auth/rate-limit.ts; defaults there, some from the
   * environment). `scope` prefixes their keys in Postgres: tests give each API its own counts.
   */
  limits?: Partial<Limits> & {scope?: string};
  /** Prometheus metrics (server/monitoring/metrics.ts); the API server serves them on loopback. By default its own, unserved. */
  metrics?: Metrics;
  /** What the system-status page reads of the orchestrator (its status file). */
  monitoring?: MonitoringOptions;
};

export function createApi(options: ApiOptions) {
  const {sql} = options;
  const app = new Hono<ApiEnv>();
  const limits = createLimits(sql, options.limits ?? {}, options.contact);
  const metrics = options.metrics ?? createMetrics(sql, options.monitoring);

  // Every request's time, under the pattern of the route that answered it.
  app.use('*', metrics.requests());
  app.use(
    '*',
    securityHeaders({
      production: options.production ?? false,
      zeroPort: options.zeroPort,
      zeroPublicURL: options.zeroPublicURL,
      phoneProxyPort: options.phoneProxyPort,
    }),
  );
  // Other sites may not make a signed-in browser change anything (CSRF), here or through zero-cache.
  app.use(
    '/api/*',
    sameOriginWrites({origins: options.appOrigins ?? [], multipart: path => isUploadPath(path) || isImportUploadPath(path)}),
  );
  app.use('/api/zero/*', limitBody(ZERO_MAX_BODY_BYTES));

  // Health before the session gate: it answers whoever asks, even while Postgres cannot.
  mountHealthRoute(app, sql);
  // The session of every /api request, the declaration gate and the idle clock (server/auth/session-gate.ts).
  app.use('/api/*', sessionGate(sql));

  // REST bodies are small; anything larger is refused (413) before it is read. Every route anyone may
  // call without signing in is under one of these (the public candidate form and the self-user's edits,
  // under /api/peoples/, set their own larger limits; tests/pg/anonymous-floods.pg.test.ts posts to them all).
  for (const path of [
    '/api/users/*',
    '/api/staff/*',
    '/api/representatives/*',
    '/api/admin/*',
    '/api/phone-proxy/*',
    '/api/bonuses/*',
    '/api/session/*',
    '/api/dev/*',
    '/api/peoples/self-verify/*',
    '/api/peoples/self-verify-email/*',
  ]) {
    app.use(path, limitBody());
  }

  mountSessionRoutes(app, {...options, googleLogin: options.google !== undefined});
  mountLoginRoutes(app, {sql, ...options.codes, limits});
  mountGoogleRoutes(app, sql, options.google, limits);
  mountAfterLoginRoutes(app, sql);
  mountAgreementRoutes(app, sql);
  mountNotificationRoutes(app, sql);
  mountUsersLogRoutes(app, sql);
  // The system status (issue 32): administrators only.
  mountSystemStatusRoutes(app, sql, options.monitoring);
  // Reports (issue 17)
  mountReportRoutes(app, sql);
  mountContactRoutes(app, sql, options.contact);
  mountForumRoutes(app, sql, options.forum);
  mountDuplicateRoutes(app, sql, limits.allowDuplicateLookup);
  mountCandidateCountRoutes(app, sql);
  mountOwnerContactRoutes(app, sql);
  mountSuggestionRoutes(app, sql);
  mountCandidateFormRoutes(app, sql, limits.allowCandidateForm);
  const files = options.files ?? fileStorageFromEnv();
  mountFileRoutes(app, sql, files);
  mountPrintRoutes(app, sql);
  mountSelfUserRoutes(app, {sql, ...options.codes, limits});
  mountSelfEditRoutes(app, sql);
  mountSelfPhotoRoutes(app, sql, files);
  mountSelfVerifyRoutes(app, {sql, ...options.codes, limits});
  mountSelfVerifyEmailRoutes(app, {sql, ...options.codes, limits});
  mountSelfBonusRoutes(app, sql);
  mountBonusCheckRoute(app, sql, limits.allowBonusCheck);
  mountEngagedCoupleRoutes(app, sql);
  const exportsDir = options.exportsDir ?? exportsDirFromEnv();
  mountExportRoutes(app, sql, {dir: exportsDir, storage: options.exportStorage ?? exportStorageFromEnv(exportsDir)});
  // Excel import (issue 16)
  mountImportRoutes(app, sql, limits.allowDuplicateLookup);
  // Staff accounts from invitation to password, and "forgot password" (issue 30); links point at the
  // address users open.
  const accounts = {
    sql,
    delivery: options.codes.delivery,
    mailer: options.contact.mailer,
    appURL: options.appOrigins?.[0] ?? 'http://localhost',
    limits,
  };
  mountInvitationRoutes(app, accounts);
  mountResetRoutes(app, accounts);
  if (options.devSignIn) mountDevSignIn(app, sql, options.devOutbox);
  mountZeroEndpoints(app, sql, {
    benchQueries: options.benchQueries === true && !options.production,
    timeMutation: metrics.mutation,
  });
  mountPhoneEventRoutes(app, sql, options.phoneProxySecret);
  if (options.devSignIn) mountSimulateCall(app, sql, options.phoneProxySecret);
  app.all('/api/*', c => c.json({error: 'notFound'}, 404));

  const dist = path.join(ROOT, 'dist');
  if (options.serveClient && !existsSync(path.join(dist, 'index.html'))) {
    console.warn('dist/ has no built client (run `npm run build`); serving the API only');
  } else if (options.serveClient) {
    const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const root = path.relative(process.cwd(), dist);
    // The build's brotli or gzip copy when the browser takes it (vite.config.ts writes them).
    const builtFiles = serveStatic({root, precompressed: true});
    // Assets are named by their content's hash: a browser keeps them for a year and never asks again.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', builtFiles);
    // The service worker, its Workbox runtime and the app's manifest (docs/pwa.md) keep their names across
    // releases: the browser asks for them anew each time (no-cache), so it finds a deployed update at once.
    app.use('*', async (c, next) => {
      await next();
      if (c.res.status === 200 && UNHASHED_APP_FILES.test(c.req.path)) c.header('cache-control', 'no-cache');
    });
    // Not dist/.vite/: the build's manifest (source paths, for `npm run check:size`) is no file for browsers.
    app.use('*', (c, next) => (c.req.path.startsWith('/.') ? next() : builtFiles(c, next)));
    // A file that is not there (a script of an earlier release, a worker) is a 404, not the app: answered with a page
    // it would fail on its type instead of saying it is gone, and the service worker's cache could keep the page
    // under the script's name. (Paths under a dot-folder, such as dist/.vite/, stay the app's, as before.)
    app.get('*', (c, next) => (STATIC_FILE.test(c.req.path) && !c.req.path.startsWith('/.') ? c.text('Not found', 404) : next()));
    // Client-side routes: every other path gets the app, which routes itself. Asked anew each time (no-cache), so
    // a deployed update's page, which names the new assets, reaches every browser at its next load.
    app.get('*', c => c.html(indexHtml, 200, {'cache-control': 'no-cache'}));
  }

  app.onError((err, c) => {
    if (isDatabaseUnreachable(err)) {
      logDatabaseUnreachable(err);
      return c.json({error: 'unavailable'}, 503);
    }
    if (isInvalidData(err)) return fail(c, 400, 'invalidInput', 'The request holds a value that cannot be stored');
    console.error(err);
    return c.json({error: 'internal'}, 500);
  });
  return app;
}
