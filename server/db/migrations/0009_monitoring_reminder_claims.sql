ALTER TABLE "monitoring_reminders" ALTER COLUMN "sent_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "monitoring_reminders" ALTER COLUMN "sent_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "monitoring_reminders" ADD COLUMN "claimed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Reminders sent before claims existed: taken on when they were sent.
UPDATE "monitoring_reminders" SET "claimed_at" = "sent_at";
