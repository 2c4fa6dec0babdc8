-- Saved searches (issue 14, spec §1 "saved searches", §2 "search with save search and search title").
-- A saved search is a titled filter set (app/candidates/search/filters.ts, the same object as the
-- /home URL's search params) with its sort, private to its owner or shared with all staff. `view` says
-- where it opens: the candidate list, or the "needs attention" view that spreads neglected cards across
-- shadchanim (app/saved-searches/NeedsAttentionPage.tsx). Each user pins searches (their own or shared
-- ones) to their side menu, in their own order. Both reach a browser only through
-- app/saved-searches/queries.ts (permissions/saved-searches.ts: one's own and the shared ones, staff only).
CREATE TABLE saved_search (
  id         text PRIMARY KEY,
  owner_id   text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  title      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 80),
  filters    jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(filters) = 'object'),
  sort       text NOT NULL DEFAULT 'name',
  dir        text NOT NULL DEFAULT 'asc' CHECK (dir IN ('asc', 'desc')),
  view       text NOT NULL DEFAULT 'list' CHECK (view IN ('list', 'needsAttention')),
  shared     boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_search_owner ON saved_search (owner_id);

-- A search pinned to a user's side menu; deleting the search (or the user) takes its pins with it.
CREATE TABLE saved_search_pin (
  user_id   text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  search_id text NOT NULL REFERENCES saved_search(id) ON DELETE CASCADE,
  position  integer NOT NULL,
  PRIMARY KEY (user_id, search_id)
);
CREATE INDEX saved_search_pin_search ON saved_search_pin (search_id);

-- The needs-attention view reads, per shadchan, their cards from the least recently active (never
-- first): one walk of this index per shadchan, in Postgres and in zero-cache's replica (plain columns,
-- so Zero copies it).
CREATE INDEX profile_owner_last_activity ON profile (owner_id, last_activity_at, id);

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher ADD TABLE saved_search (
  id, owner_id, title, filters, sort, dir, view, shared, created_at, updated_at);
ALTER PUBLICATION kesher ADD TABLE saved_search_pin (user_id, search_id, position);
