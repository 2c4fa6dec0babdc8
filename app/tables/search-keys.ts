/*
 * The candidate search's keys (issue 14) that a search in the address may hold, apart from the tables
 * (saved-searches.ts, which stands on Zero): the router checks /home's search with them, on the code every
 * page loads (issue 35).
 */

/** The list's sortable columns; names sort by their folded form, so final letters and niqqud do not matter. */
export const SORT_KEYS = ['name', 'age', 'city', 'createdAt', 'updatedAt', 'lastActivityAt'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** §9 activity recency, read from the card's last-activity time (migrations/0019), never a scan of activities. */
export const ACTIVITY_RECENCY = ['lastMonth', 'lastThreeMonths', 'lastHalfYear', 'noneInHalfYear', 'noneBeyondHalfYear'] as const;
export type ActivityRecency = (typeof ACTIVITY_RECENCY)[number];

/** The free filter builder's comparisons (a condition: saved-searches.ts FreeCondition). */
export const FREE_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'startsWith', 'contains', 'isEmpty', 'isNotEmpty'] as const;
