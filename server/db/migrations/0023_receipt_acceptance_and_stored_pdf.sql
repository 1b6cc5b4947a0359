-- Receipts issued before this migration were accepted when they were handed over: that time, to the millisecond.
ALTER TABLE "receipts" ADD COLUMN "accepted_at" timestamp(6) with time zone;--> statement-breakpoint
UPDATE "receipts" SET "accepted_at" = "handed_over_at";--> statement-breakpoint
ALTER TABLE "receipts" ALTER COLUMN "accepted_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "pdf_key" text;
