-- admin/notifications becomes a live screen (issue 13): the notices and who read them replicate, so
-- two administrators see each other's changes and a notice's readers grow as users read it in the
-- popup after sign-in. Both reach a browser only through app/notifications/queries.ts, which lets them
-- through to holders of adminNotifications alone (a notice's reads say who read it and when).
-- The popup itself stays a REST call (server/notifications/routes.ts): a user never syncs notices.
--
-- Listed by column, as zero-schema.ts declares them, so a column added later stays server-only unless
-- published on purpose. roles and user_ids stay text[]: Zero replicates a Postgres array as JSON and
-- its server mutators write one back as an array, so the popup's `= ANY (…)` needs no change.
ALTER PUBLICATION kesher ADD TABLE admin_notification (
  id, title, body, audience, roles, user_ids, shown_from, shown_until, active, created_by, created_at, updated_at);
ALTER PUBLICATION kesher ADD TABLE admin_notification_read (notification_id, user_id, read_at);
