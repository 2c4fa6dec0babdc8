-- The shadchan's fees are a sum with its currency (issue 30, spec §9: ₪, $, €), kept in the card's
-- details as "1500 ILS" (app/lib/money.ts) and shown formatted. Until now they were free text: what
-- reads as a sum becomes one ("1,500 ₪" → "1500 ILS", "$300" → "300 USD", a bare number is in
-- shekels); any other text is not lost but moves to the financial expectations, under its label.
WITH typed AS (
  SELECT profile_id, details->>'shadchanFees' AS text,
         regexp_replace(details->>'shadchanFees', '[\s,\u200e\u200f\u00a0]', '', 'g') AS compact
    FROM profile_detail
   WHERE jsonb_typeof(details->'shadchanFees') = 'string' AND btrim(details->>'shadchanFees') <> ''
), currency AS (
  SELECT profile_id, text, compact,
         CASE WHEN compact ~* '(\$|usd|דולר|dollar|доллар)' THEN 'USD'
              WHEN compact ~* '(€|eur|יורו|евро)' THEN 'EUR'
              ELSE 'ILS' END AS code,
         regexp_replace(compact, '(₪|ש["״]?ח|שקלים|שקל|nis|ils|\$|usd|דולרים|דולר|dollars|dollar|€|euros|euro|eur|יורו)', '', 'i')
           AS amount
    FROM typed
), read AS (
  SELECT profile_id, text,
         CASE WHEN amount ~ '^\d{1,7}(\.\d{1,2})?$' AND amount::numeric <= 1000000
              THEN (amount::numeric)::text || ' ' || code END AS sum
    FROM currency
)
UPDATE profile_detail d
   SET details = CASE
         WHEN r.sum IS NOT NULL THEN jsonb_set(d.details, '{shadchanFees}', to_jsonb(r.sum))
         ELSE (d.details - 'shadchanFees') || jsonb_build_object('financialExpectations',
                left(concat_ws(E'\n', nullif(d.details->>'financialExpectations', ''), 'דמי שדכנות: ' || r.text), 1000))
       END
  FROM read r
 WHERE r.profile_id = d.profile_id;
