import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {visibleExcelFormats, visibleImportJobs} from '../../permissions/imports.ts';
import {idArgsSchema} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** The import screen's recent jobs: enough to find one's own and see the others' running. */
export const RECENT_JOBS = 30;
/** More formats than an office keeps. */
const FORMATS_LIMIT = 300;

export const importQueries = namedQueries('imports', {
  /** The latest import jobs, everyone's, newest first, with who started them (live progress). */
  recent: defineQuery(({ctx}) =>
    visibleImportJobs(zql.importJob, ctx)
      .related('creator', u => u.one())
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(RECENT_JOBS),
  ),

  /** One job: its mapping, counts and progress. */
  job: defineQuery(idArgsSchema, ({args, ctx}) =>
    visibleImportJobs(zql.importJob, ctx)
      .where('id', args.id)
      .related('creator', u => u.one())
      .one(),
  ),

  /** The saved Excel formats (spec §3), by name. */
  formats: defineQuery(({ctx}) =>
    visibleExcelFormats(zql.excelFormat, ctx)
      .related('creator', u => u.one())
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(FORMATS_LIMIT),
  ),
});
