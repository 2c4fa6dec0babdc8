import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleExportJobs} from '../../permissions/exports.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** The newest jobs the exports page lists: a day's worth and more (older files are gone anyway). */
const RECENT_JOBS = 20;

export const exportQueries = namedQueries('exports', {
  /** The user's own export jobs, newest first, live: "preparing… N rows", then the download. */
  mine: defineQuery(({ctx}) =>
    visibleExportJobs(zql.exportJob, ctx).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(RECENT_JOBS),
  ),
});
