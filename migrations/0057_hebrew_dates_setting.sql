-- A display setting (issue 37): Hebrew dates beside the Gregorian ones in activities and history.
ALTER TABLE user_setting ADD COLUMN hebrew_dates boolean NOT NULL DEFAULT false;
