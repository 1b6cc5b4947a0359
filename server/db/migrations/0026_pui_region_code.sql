-- A PUI application keeps its region as the ISTAT code, as a string, as TUR's does (it kept the region's name):
-- the draft and the submitted body of every PUI application, a name the territory does not know becoming ''.
UPDATE "applications"
SET "draft" = jsonb_set(
  "draft",
  '{progRegione}',
  to_jsonb(coalesce((SELECT region.code FROM (VALUES
    ('piemonte', '1'),
    ('valle d''aosta', '2'),
    ('lombardia', '3'),
    ('trentino-alto adige', '4'),
    ('veneto', '5'),
    ('friuli-venezia giulia', '6'),
    ('liguria', '7'),
    ('emilia-romagna', '8'),
    ('toscana', '9'),
    ('umbria', '10'),
    ('marche', '11'),
    ('lazio', '12'),
    ('abruzzo', '13'),
    ('molise', '14'),
    ('campania', '15'),
    ('puglia', '16'),
    ('basilicata', '17'),
    ('calabria', '18'),
    ('sicilia', '19'),
    ('sardegna', '20')
  ) AS region(name, code) WHERE region.name = lower(btrim("draft" ->> 'progRegione'))), ''))
)
WHERE "fund" = 'PUI'
  AND jsonb_typeof("draft") = 'object'
  AND jsonb_typeof("draft" -> 'progRegione') = 'string'
  AND "draft" ->> 'progRegione' !~ '^[0-9]*$';
--> statement-breakpoint
UPDATE "applications"
SET "body" = jsonb_set(
  "body",
  '{progRegione}',
  to_jsonb(coalesce((SELECT region.code FROM (VALUES
    ('piemonte', '1'),
    ('valle d''aosta', '2'),
    ('lombardia', '3'),
    ('trentino-alto adige', '4'),
    ('veneto', '5'),
    ('friuli-venezia giulia', '6'),
    ('liguria', '7'),
    ('emilia-romagna', '8'),
    ('toscana', '9'),
    ('umbria', '10'),
    ('marche', '11'),
    ('lazio', '12'),
    ('abruzzo', '13'),
    ('molise', '14'),
    ('campania', '15'),
    ('puglia', '16'),
    ('basilicata', '17'),
    ('calabria', '18'),
    ('sicilia', '19'),
    ('sardegna', '20')
  ) AS region(name, code) WHERE region.name = lower(btrim("body" ->> 'progRegione'))), ''))
)
WHERE "fund" = 'PUI'
  AND jsonb_typeof("body") = 'object'
  AND jsonb_typeof("body" -> 'progRegione') = 'string'
  AND "body" ->> 'progRegione' !~ '^[0-9]*$';
