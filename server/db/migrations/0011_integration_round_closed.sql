ALTER TABLE "integration_rounds" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- Rounds already completed closed then; any other round but an application's latest one still In integrazione
-- was left open by a reopening: closed when its application first left In integrazione after the request.
UPDATE "integration_rounds" AS r SET "closed_at" = COALESCE(
  r."completed_at",
  (SELECT min(h."created_at") FROM "application_status_history" AS h
    WHERE h."application_id" = r."application_id" AND h."from_status" = 'IN_INTEGRAZIONE' AND h."created_at" >= r."requested_at"),
  now())
WHERE r."completed_at" IS NOT NULL
  OR r."number" < (SELECT max(o."number") FROM "integration_rounds" AS o WHERE o."application_id" = r."application_id")
  OR NOT EXISTS (SELECT 1 FROM "applications" AS a WHERE a."id" = r."application_id" AND a."status" = 'IN_INTEGRAZIONE');
