-- Layout settings per user (spec §2 settings panel), kept on the server so every device of the user
-- gets them, and replicated to that user only (the row filter is in permissions/settings.ts).
CREATE TABLE user_setting (
  user_id            text PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  large_font         boolean NOT NULL DEFAULT false,
  sidebar_collapsed  boolean NOT NULL DEFAULT false,
  collapsed_text     boolean NOT NULL DEFAULT false,
  hover_menus        boolean NOT NULL DEFAULT false,
  sidebar_scrollbar  boolean NOT NULL DEFAULT true,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
ALTER PUBLICATION kesher ADD TABLE user_setting;
