ALTER TABLE "applications" DROP CONSTRAINT "applications_fund_check";--> statement-breakpoint
ALTER TABLE "attachment_types" DROP CONSTRAINT "attachment_types_fund_check";--> statement-breakpoint
ALTER TABLE "attachments" DROP CONSTRAINT "attachments_fund_check";--> statement-breakpoint
DROP INDEX "attachment_types_fund_idx";--> statement-breakpoint
ALTER TABLE "attachment_types" ADD COLUMN "purpose" text DEFAULT 'application' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_fund_calls_fund_fk" FOREIGN KEY ("fund") REFERENCES "public"."calls"("fund") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "attachment_types" ADD CONSTRAINT "attachment_types_fund_calls_fund_fk" FOREIGN KEY ("fund") REFERENCES "public"."calls"("fund") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_fund_calls_fund_fk" FOREIGN KEY ("fund") REFERENCES "public"."calls"("fund") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "attachment_types_fund_idx" ON "attachment_types" USING btree ("fund","purpose","sort_order");--> statement-breakpoint
ALTER TABLE "attachment_types" ADD CONSTRAINT "attachment_types_purpose_check" CHECK ("attachment_types"."purpose" in ('application', 'integration', 'review', 'monitoring'));