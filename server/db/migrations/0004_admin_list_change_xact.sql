ALTER TABLE "applications" ADD COLUMN "change_xact" bigint;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "change_xact" bigint;--> statement-breakpoint
CREATE INDEX "applications_change_xact_idx" ON "applications" USING btree ("change_xact");--> statement-breakpoint
CREATE INDEX "organizations_change_xact_idx" ON "organizations" USING btree ("change_xact");--> statement-breakpoint
-- Every insert and update stamps the row with its transaction, whoever writes it (see columns.ts changeXact).
CREATE FUNCTION "record_change_xact"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."change_xact" := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "applications_change_xact" BEFORE INSERT OR UPDATE ON "applications" FOR EACH ROW EXECUTE FUNCTION "record_change_xact"();--> statement-breakpoint
CREATE TRIGGER "organizations_change_xact" BEFORE INSERT OR UPDATE ON "organizations" FOR EACH ROW EXECUTE FUNCTION "record_change_xact"();
