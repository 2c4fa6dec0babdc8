import type {Fragment} from 'postgres';
import {ageOn} from '../../app/lib/dates.ts';
import {
  DEFAULT_AGE_GAP,
  MONTH_MS,
  WEIGHT,
  folded,
  rangeOf,
  seeksAges,
  seeksHeight,
  type MatchCard,
  type ReasonKey,
} from '../../app/suggestions/rules.ts';
import type {Sql} from '../db/sql.ts';

/**
 * The SQL twin of judgePair (app/suggestions/rules.ts) for one card against each row `o` of
 * matchRowsSql: its hard rules as a condition, its score as a sum, so that Postgres ranks the tens of
 * thousands of open cards of a large office and only the best few travel. The card's own values are
 * known here, so each term is written for this card: a rule that depends on the card alone is decided in
 * TypeScript and leaves a constant. THE TWO MUST AGREE: tests/pg/suggestions.pg.test.ts ranks a sector of
 * varied cards both ways and compares them pair by pair.
 */

/** The rows the rules read, as matchRowsSql names them: the list's columns and the rules' details. */
export type MatchRow = {
  id: string;
  forename: string;
  surname: string;
  gender: 'male' | 'female';
  birth_ms: number;
  sector_id: string;
  community_id: string | null;
  community_name: string | null;
  city: string;
  city_fold: string | null;
  marital_status: string | null;
  height: number | null;
  institution_name: string | null;
  open_since_ms: number;
  origin: string | null;
  smoker: boolean | null;
  head_covering: string | null;
  preferred_place: string | null;
  preferred_institution: string | null;
  seek_age_min: number | null;
  seek_age_max: number | null;
  seek_height_min: number | null;
  seek_height_max: number | null;
  seek_marital_status: string[];
  seek_head_covering: string[];
};

export function matchCardOf(row: MatchRow): MatchCard {
  return {
    id: row.id,
    gender: row.gender,
    birthDate: row.birth_ms,
    sectorID: row.sector_id,
    communityID: row.community_id,
    communityName: row.community_name,
    city: row.city,
    cityFold: row.city_fold ?? '',
    maritalStatus: row.marital_status,
    height: row.height,
    origin: row.origin,
    smoker: row.smoker,
    headCovering: row.head_covering,
    institutionName: row.institution_name,
    openSince: row.open_since_ms,
    preferredPlace: row.preferred_place,
    preferredInstitution: row.preferred_institution,
    seekAgeMin: row.seek_age_min,
    seekAgeMax: row.seek_age_max,
    seekHeightMin: row.seek_height_min,
    seekHeightMax: row.seek_height_max,
    seekMaritalStatus: row.seek_marital_status,
    seekHeadCovering: row.seek_head_covering,
  };
}

/**
 * The cards `where` picks (over `profile p`, with `d` its details), as MatchRows: the one source of both the
 * card and the others. The details come from the columns migrations/0058 derives from them, typed, ranges
 * normalized and preferences folded.
 */
export function matchRowsSql(sql: Sql, where: Fragment): Fragment {
  return sql`
    SELECT p.id, p.forename, p.surname, p.gender, (extract(epoch FROM p.birth_date) * 1000)::float8 AS birth_ms, p.birth_date,
           p.sector_id, p.community_id, c.name AS community_name, p.city, p.city_fold, p.marital_status, p.height,
           i.name AS institution_name,
           (extract(epoch FROM coalesce(p.open_from::timestamptz, p.created_at)) * 1000)::float8 AS open_since_ms,
           d.match_origin AS origin, d.match_smoker AS smoker, d.match_head_covering AS head_covering,
           d.match_preferred_place AS preferred_place, d.match_preferred_institution AS preferred_institution,
           d.match_seek_age_lo AS seek_age_min, d.match_seek_age_hi AS seek_age_max,
           d.match_seek_height_lo AS seek_height_min, d.match_seek_height_hi AS seek_height_max,
           d.match_seek_marital_status AS seek_marital_status, d.match_seek_head_covering AS seek_head_covering
      FROM profile p
      JOIN profile_detail d ON d.profile_id = p.id
      LEFT JOIN community c ON c.id = p.community_id
      LEFT JOIN institution i ON i.id = p.institution_id
     WHERE ${where}`;
}

/** The local calendar day of `now`, as ageOn counts it. */
const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * The rows of `rows` (MatchRows with `age`) that pass every hard rule of both sides for `card`, with their
 * `score`, best first, as rankMatches orders them.
 */
export function rankedSql(sql: Sql, card: MatchCard, rows: Fragment, now: Date, limit: number): Fragment {
  const age = ageOn(card.birthDate, now);
  const w = (key: ReasonKey) => sql`${WEIGHT[key]}::int`;
  const when = (condition: Fragment, key: ReasonKey) => sql`(CASE WHEN ${condition} THEN ${w(key)} ELSE 0 END)`;
  const zero = sql`0`;
  const truth = sql`true`;
  const within = (value: Fragment, lo: Fragment, hi: Fragment) =>
    sql`((${lo}) IS NULL OR ${value} >= (${lo})) AND ((${hi}) IS NULL OR ${value} <= (${hi}))`;
  const constant = (value: number | null) => sql`${value}::float8`;
  const mentions = (a: Fragment, b: Fragment) =>
    sql`(${a} <> '' AND ${b} <> '' AND (strpos(${a}, ${b}) > 0 OR strpos(${b}, ${a}) > 0))`;
  const remarrying = ['divorced', 'widowed'];

  // Hard rules: the card accepts the row…
  const ages = seeksAges(card)
    ? within(
        sql`o.age`,
        constant(rangeOf(card.seekAgeMin, card.seekAgeMax).lo),
        constant(rangeOf(card.seekAgeMin, card.seekAgeMax).hi),
      )
    : sql`abs(o.age - ${age}::int) <= ${DEFAULT_AGE_GAP}::int`;
  const heights = seeksHeight(card)
    ? sql`(o.height IS NULL OR ${within(sql`o.height`, constant(rangeOf(card.seekHeightMin, card.seekHeightMax).lo), constant(rangeOf(card.seekHeightMin, card.seekHeightMax).hi))})`
    : truth;
  const marital =
    card.seekMaritalStatus.length > 0
      ? sql`(coalesce(o.marital_status, '') = '' OR o.marital_status = ANY(${card.seekMaritalStatus}))`
      : truth;
  const head =
    card.seekHeadCovering.length > 0 ? sql`(o.head_covering IS NULL OR o.head_covering = ANY(${card.seekHeadCovering}))` : truth;
  // …and the row accepts the card.
  const theirAges = sql`CASE WHEN o.seek_age_min IS NOT NULL OR o.seek_age_max IS NOT NULL
    THEN ${within(sql`${age}::int`, sql`o.seek_age_min`, sql`o.seek_age_max`)}
    ELSE abs(o.age - ${age}::int) <= ${DEFAULT_AGE_GAP}::int END`;
  const theirHeights =
    card.height !== null ? within(sql`${card.height}::float8`, sql`o.seek_height_min`, sql`o.seek_height_max`) : truth;
  const theirMarital = card.maritalStatus
    ? sql`(jsonb_array_length(o.seek_marital_status) = 0 OR o.seek_marital_status ? ${card.maritalStatus})`
    : truth;
  const theirHead = card.headCovering
    ? sql`(jsonb_array_length(o.seek_head_covering) = 0 OR o.seek_head_covering ? ${card.headCovering})`
    : truth;

  // The score, term by term in judgePair's order.
  const gap = sql`abs(o.age - ${age}::int)`;
  const cardSeeksHeight = seeksHeight(card);
  const rowSeeksHeight = sql`(o.seek_height_min IS NOT NULL OR o.seek_height_max IS NOT NULL)`;
  const months = sql`floor((${now.getTime()}::float8 - o.open_since_ms) / ${MONTH_MS}::float8)`;
  const [hisHeight, herHeight] =
    card.gender === 'male' ? [sql`${card.height}::int`, sql`o.height`] : [sql`o.height`, sql`${card.height}::int`];
  const terms: Fragment[] = [
    card.cityFold !== '' ? when(sql`o.city_fold = ${card.cityFold}`, 'sameCity') : zero,
    card.communityID ? when(sql`o.community_id = ${card.communityID}`, 'sameCommunity') : zero,
    card.origin ? when(sql`o.origin = ${card.origin}`, 'sameOrigin') : zero,
    sql`(CASE WHEN ${gap} <= 3 THEN ${w('ages')} WHEN ${gap} > 5 THEN ${w('agesApart')} ELSE 0 END)`,
    // The card as the seeker, the row as the sought…
    seeksAges(card) ? w('soughtAges') : zero,
    cardSeeksHeight ? sql`(CASE WHEN o.height IS NOT NULL THEN ${w('soughtHeight')} ELSE ${w('heightUnknown')} END)` : zero,
    card.seekHeadCovering.length > 0 ? when(sql`o.head_covering = ANY(${card.seekHeadCovering})`, 'soughtHeadCovering') : zero,
    folded(card.preferredPlace) !== ''
      ? when(mentions(sql`${folded(card.preferredPlace)}::text`, sql`coalesce(o.city_fold, '')`), 'preferredPlace')
      : zero,
    folded(card.preferredInstitution) !== ''
      ? when(
          mentions(sql`${folded(card.preferredInstitution)}::text`, sql`coalesce(fold_name(o.institution_name), '')`),
          'preferredInstitution',
        )
      : zero,
    card.smoker === false ? when(sql`o.smoker IS TRUE`, 'smokes') : zero,
    // …and the other way round.
    when(sql`o.seek_age_min IS NOT NULL OR o.seek_age_max IS NOT NULL`, 'soughtAges'),
    sql`(CASE WHEN ${rowSeeksHeight} THEN ${card.height !== null ? w('soughtHeight') : w('heightUnknown')} ELSE 0 END)`,
    card.headCovering ? when(sql`o.seek_head_covering ? ${card.headCovering}`, 'soughtHeadCovering') : zero,
    card.cityFold !== ''
      ? when(mentions(sql`coalesce(o.preferred_place, '')`, sql`${card.cityFold}::text`), 'preferredPlace')
      : zero,
    folded(card.institutionName) !== ''
      ? when(
          mentions(sql`coalesce(o.preferred_institution, '')`, sql`${folded(card.institutionName)}::text`),
          'preferredInstitution',
        )
      : zero,
    card.smoker === true ? when(sql`o.smoker IS FALSE`, 'smokes') : zero,
    // Marital status, when both say it and neither states what it seeks.
    card.maritalStatus && card.seekMaritalStatus.length === 0
      ? sql`(CASE WHEN coalesce(o.marital_status, '') <> '' AND jsonb_array_length(o.seek_marital_status) = 0 THEN
              CASE WHEN ${card.maritalStatus}::text = 'single' AND o.marital_status = 'single' THEN ${w('bothSingle')}
                   WHEN ${card.maritalStatus}::text = ANY(${remarrying}) AND o.marital_status = ANY(${remarrying}) THEN ${w('bothRemarrying')}
                   ELSE ${w('maritalDiffers')} END
            ELSE 0 END)`
      : zero,
    card.height !== null ? when(sql`${hisHeight} < ${herHeight}`, 'shorter') : zero,
    sql`(CASE WHEN ${months} >= 12 THEN 2 * ${w('waiting')} WHEN ${months} >= 3 THEN ${w('waiting')} ELSE 0 END)`,
  ];
  const score = terms.reduce((sum, term) => sql`${sum} + ${term}`);
  return sql`
    SELECT o.*, ${score} AS score
      FROM (SELECT r.*, extract(year FROM age(${localDay(now)}::date, r.birth_date))::int AS age FROM (${rows}) r OFFSET 0) o
     WHERE coalesce(o.marital_status, '') <> 'married'
       AND ${ages} AND ${heights} AND ${marital} AND ${head}
       AND ${theirAges} AND ${theirHeights} AND ${theirMarital} AND ${theirHead}
     ORDER BY score DESC, o.open_since_ms, o.id COLLATE "C"
     LIMIT ${limit}`;
}
