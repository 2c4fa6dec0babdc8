-- Institutions, sectors and communities as the administration keeps them (issue 13).

-- Yeshivas and seminaries the card's institution field offers. `variations` are other spellings a
-- name is also known by (typed on a card, they find the institution). A retired one is no longer
-- offered; cards that name it keep it. Names are unique as folded (app/lib/hebrew-name.ts foldName;
-- its SQL twin fold_name, migrations/0018), so "ישיבת פוניבז'" and "ישיבת פוניבז" cannot both exist.
CREATE TABLE institution (
  id         text PRIMARY KEY,
  name       text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
  type       text NOT NULL CHECK (type IN ('yeshiva', 'seminary')),
  variations jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(variations) = 'array'),
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX institution_folded_name ON institution (fold_name(name));

-- A retired sector or community stays on the cards that have it and is not offered for new choices.
ALTER TABLE sector ADD COLUMN retired_at timestamptz;
ALTER TABLE community ADD COLUMN retired_at timestamptz;
-- Communities get an order of their own, as sectors have; until someone orders them, by name.
ALTER TABLE community ADD COLUMN sort integer NOT NULL DEFAULT 0;

-- sector and community are published without a column list, so their new columns replicate as they are.
ALTER PUBLICATION kesher ADD TABLE institution;
