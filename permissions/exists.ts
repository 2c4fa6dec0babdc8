/**
 * The option every `exists` inside an `or(...)` of a read rule or query takes. Zero 1.9.0's planner may
 * "flip" such an exists; with a `limit` on the query, a flipped exists inside an OR can drop a row change
 * and make zero-cache's view-syncer fail with "Bound should be set", disconnecting every tab of the
 * client group (rocicorp/mono#6380, fixed after 1.9.0). Pinned unflipped, the OR takes the plain path.
 * Drop this once a Zero release carries the fix.
 */
export const INSIDE_OR = {flip: false} as const;
