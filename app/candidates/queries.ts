import {defineQuery} from '@rocicorp/zero';
import {zql} from '../../zero-schema.ts';
import {decidablePending, visibleProfiles} from '../../permissions/profiles.ts';
import {can} from '../../permissions/context.ts';
import {visibleNotes} from '../../permissions/notes.ts';
import {visibleFiles} from '../../permissions/files.ts';
import {applyFilters} from './search/apply.ts';
import {candidateListSchema} from './search/filters.ts';
import type {SortKey} from '../tables/saved-searches.ts';
import {idArgsSchema} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** The profile column each sort key orders by (names by their folded form: Hebrew order without final letters). */
export const SORT_COLUMNS = {
  name: 'nameSearch',
  age: 'birthDate',
  city: 'cityFold',
  createdAt: 'createdAt',
  updatedAt: 'updatedAt',
  lastActivityAt: 'lastActivityAt',
} as const satisfies Record<SortKey, string>;

/** The most cards whose Hebrew birthdays the bell and the dashboard follow (candidates.birthdays). */
export const BIRTHDAY_CARDS = 2000;

export const candidateQueries = namedQueries('candidates', {
  /**
   * The candidate list (issue 14): visible cards that match the filter set, in the chosen order, one
   * keyset page at a time (`start` is the previous page's last row). The search finds a card when every
   * typed word starts some word of its full name, in any order and folded, or when it starts its city.
   */
  list: defineQuery(candidateListSchema, ({args, ctx}) => {
    // Deleted profiles are in the recycling bin, and those awaiting approval on their own page.
    const q = applyFilters(visibleProfiles(zql.profile, ctx, {pending: false}), args.filters, ctx).where('deletedAt', 'IS', null);
    const column = SORT_COLUMNS[args.sort];
    // Age runs against the birth date: the youngest first is the latest birth date first.
    const dir = args.sort === 'age' ? (args.dir === 'asc' ? 'desc' : 'asc') : args.dir;
    // The rows carry what the list shows: the shadchan's name comes from lookups.staffNames.
    const sorted = q.orderBy(column, dir).orderBy('id', dir);
    return (args.start ? sorted.start({id: args.start.id, [column]: args.start.value} as never) : sorted).limit(args.limit);
  }),

  /**
   * The user's own open cards, for the Hebrew birthdays of the coming week (issue 37): the
   * Hebrew calendar is the browser's (app/lib/hebrew-birthdays.ts), so the week is picked there, and an edit
   * of a birth date moves it live. At most BIRTHDAY_CARDS, far more than a shadchan keeps open.
   */
  birthdays: defineQuery(({ctx}) =>
    visibleProfiles(zql.profile, ctx, {pending: false})
      .where('ownerID', ctx?.userID ?? '')
      .where('state', 'active')
      .where('deletedAt', 'IS', null)
      .orderBy('id', 'asc')
      .limit(BIRTHDAY_CARDS),
  ),

  /**
   * The newest change among the cards this user sees: a tiny live query whose row changes whenever a
   * visible card is edited, added or leaves, so counts read over REST know when to ask again.
   */
  pulse: defineQuery(({ctx}) => visibleProfiles(zql.profile, ctx).orderBy('updatedAt', 'desc').orderBy('id', 'desc').one()),

  /**
   * One candidate's card, with its sensitive part (ID number, details): the only query that follows
   * `detail`, so those reach a browser only for a card the user opens and may see. Lists (list, bin,
   * pending, …) carry the profile's own columns alone. The names of its shadchan, sector, status and
   * community come from the lookups' queries (app/lookups.ts), which the browser holds anyway: a
   * relationship per lookup costs every open card a fetch on each edit, and one on a column that may be
   * empty (community) makes Zero turn each edit of the card into a removal and an addition in every
   * pipeline of the tab (docs/benchmark.md, "Where the time goes").
   */
  card: defineQuery(idArgsSchema, ({args, ctx}) =>
    visibleProfiles(zql.profile, ctx)
      .where('id', args.id)
      .related('detail', d => d.one())
      .one(),
  ),

  /** The card's revision history, newest first: only with viewChangeHistory, and only of a card the user may see. */
  history: defineQuery(idArgsSchema, ({args, ctx}) => {
    const q = zql.profileRevision.where('profileID', args.id);
    return (can(ctx, 'viewChangeHistory') ? q.whereExists('profile', p => visibleProfiles(p, ctx)) : q.where('id', 'IS', null))
      .related('author', a => a.one())
      .orderBy('revision', 'desc')
      .orderBy('field', 'asc')
      .limit(500);
  }),

  /** The card's notes this user may read: shared ones and their own personal ones, newest first. */
  notes: defineQuery(idArgsSchema, ({args, ctx}) =>
    visibleNotes(zql.profileNote, ctx)
      .where('profileID', args.id)
      .related('author', a => a.one())
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(200),
  ),

  /**
   * Who has the card open (presence rows with their user's name), only of a card the user may see.
   * Every row, however old: the browser decides what is still fresh with its own ticking clock.
   */
  presence: defineQuery(idArgsSchema, ({args, ctx}) =>
    zql.cardPresence
      .where('profileID', args.id)
      .whereExists('profile', p => visibleProfiles(p, ctx))
      .related('user', u => u.one())
      .orderBy('userID', 'asc')
      .limit(50),
  ),

  /** The card's photo and documents, newest first: only with viewFiles, and only of a card the user may see. */
  files: defineQuery(idArgsSchema, ({args, ctx}) =>
    visibleFiles(zql.profileFile, ctx)
      .where('profileID', args.id)
      .related('uploader', u => u.one())
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(200),
  ),

  /** The recycling bin: deleted cards, most recently deleted first (showDeletedProfiles sees them). */
  bin: defineQuery(({ctx}) =>
    visibleProfiles(zql.profile, ctx)
      .where('deletedAt', 'IS NOT', null)
      .related('owner', o => o.one())
      .orderBy('deletedAt', 'desc')
      .orderBy('id', 'asc')
      .limit(500),
  ),

  /** Temporary cards awaiting approval (spec §4 pending), oldest first: for those who approve them. */
  pending: defineQuery(({ctx}) =>
    decidablePending(zql.profile, ctx)
      .where('deletedAt', 'IS', null)
      .related('owner', o => o.one())
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(500),
  ),

  /** Who a card with chosen visibility is open to: for its shadchan and administrators, who choose them. */
  viewers: defineQuery(idArgsSchema, ({args, ctx}) =>
    zql.profileViewer
      .where('profileID', args.id)
      .whereExists('profile', p => {
        const mine = visibleProfiles(p, ctx);
        return ctx?.role === 'admin' ? mine : mine.where('ownerID', ctx?.userID ?? '');
      })
      .related('user', u => u.one())
      .limit(100),
  ),

  /** The staff a card can be opened to (shadchanim, coordinators, representatives), by name. */
  staff: defineQuery(({ctx}) =>
    (ctx ? zql.user : zql.user.where('id', 'IS', null))
      .where('role', 'IN', ['shadchan', 'coordinator', 'representative'])
      .orderBy('name', 'asc')
      .limit(1000),
  ),
});
