import type {Context, Hono} from 'hono';
import * as v from 'valibot';
import {
  NEGLECT_DAYS,
  NEGLECTED_LIST_MAX,
  reportQuerySchema,
  type ActivityReport,
  type CardsReport,
  type CouplesReport,
  type ShadchanimReport,
} from '../../app/reports/schema.ts';
import {can} from '../../permissions/context.ts';
import {maySeeShadchanFigures} from '../../permissions/scores.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {activityReportRows, cardGroups, coupleMonths, neglectedCards, shadchanRows} from './queries.ts';
import type {ReportFilters} from '../../app/tables/exports.ts';

/**
 * The control panel's reports (issue 17, spec §2; server/reports/queries.ts):
 *   GET /api/reports/activities?from&until&community  → ActivityReport (showTickets)
 *   GET /api/reports/couples?from&until&community     → CouplesReport (showTickets)
 *   GET /api/reports/cards?from&until&community       → CardsReport (showTickets)
 *   GET /api/reports/shadchanim?from&until&community&idleDays → ShadchanimReport (viewShadchanimReports)
 * `from`/`until` are ms [from, until). 401 without a session, 403 without the permission (before any
 * data is read), 400 invalidInput for a malformed or unknown parameter. Every count is over what the
 * reader may see; only viewShadchanimReports shows another shadchan's figures.
 */
export function mountReportRoutes(app: Hono<ApiEnv>, sql: Sql) {
  app.get('/api/reports/activities', async c => {
    const q = readQuery(c, 'showTickets');
    if (q instanceof Response) return q;
    const rows = await activityReportRows(sql, c.get('session')!.ctx, q.filters);
    return c.json<ActivityReport>({breakdown: maySeeShadchanFigures(c.get('session')!.ctx), rows});
  });

  app.get('/api/reports/couples', async c => {
    const q = readQuery(c, 'showTickets');
    if (q instanceof Response) return q;
    return c.json<CouplesReport>({months: await coupleMonths(sql, c.get('session')!.ctx, q.filters)});
  });

  app.get('/api/reports/cards', async c => {
    const q = readQuery(c, 'showTickets');
    if (q instanceof Response) return q;
    const groups = await cardGroups(sql, c.get('session')!.ctx, q.filters);
    const counts = ({male, female}: {male: number; female: number}) => ({male, female});
    return c.json<CardsReport>({
      sectors: groups.filter(g => g.dimension === 'sector').map(g => ({id: g.id, labels: g.labels, ...counts(g)})),
      communities: groups.filter(g => g.dimension === 'community').map(g => ({id: g.id, name: g.name, ...counts(g)})),
      ages: groups.filter(g => g.dimension === 'age').map(g => ({age: g.age!, ...counts(g)})),
    });
  });

  app.get('/api/reports/shadchanim', async c => {
    const q = readQuery(c, 'viewShadchanimReports');
    if (q instanceof Response) return q;
    const ctx = c.get('session')!.ctx;
    const [shadchanim, neglected] = await Promise.all([
      shadchanRows(sql, ctx, q.filters),
      neglectedCards(sql, ctx, q.filters, NEGLECTED_LIST_MAX),
    ]);
    return c.json<ShadchanimReport>({
      idleDays: q.filters.idleDays ?? NEGLECT_DAYS,
      shadchanim,
      neglected: neglected.map(n => ({...n, lastActivityAt: n.lastActivityAt?.getTime() ?? null})),
    });
  });
}

/** The session's right to this report, then its filters; a refusal or a 400 as the answer. */
function readQuery(c: Context<ApiEnv>, permission: 'showTickets' | 'viewShadchanimReports'): {filters: ReportFilters} | Response {
  const session = c.get('session');
  if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
  if (!can(session.ctx, permission)) return fail(c, 403, 'forbidden', `This report needs the ${permission} permission`);
  const result = v.safeParse(reportQuerySchema, c.req.query());
  if (!result.success) {
    const issues = result.issues.map(i => ({field: v.getDotPath(i) ?? '', message: i.message}));
    return fail(c, 400, 'invalidInput', 'Some filters are invalid', issues);
  }
  const filters = result.output;
  if (filters.from !== undefined && filters.until !== undefined && filters.from >= filters.until) {
    return fail(c, 400, 'invalidInput', 'The window ends before it starts', [{field: 'until', message: 'invalidRange'}]);
  }
  return {filters};
}
