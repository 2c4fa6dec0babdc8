-- Site-wide switches an administrator can flip (spec §2, §6): the maintenance switch, the idea-bank
-- feature flag (add-shidduch-idea) and the site's forum option. One row, replicated to every signed-in
-- user so a change reaches open screens at once.
CREATE TABLE site_setting (
  id           text PRIMARY KEY DEFAULT 'site' CHECK (id = 'site'),
  maintenance  boolean NOT NULL DEFAULT false,
  idea_bank    boolean NOT NULL DEFAULT true,
  forum        boolean NOT NULL DEFAULT true,
  updated_at   timestamptz NOT NULL DEFAULT now()
);
INSERT INTO site_setting (id) VALUES ('site');
ALTER PUBLICATION kesher ADD TABLE site_setting;
