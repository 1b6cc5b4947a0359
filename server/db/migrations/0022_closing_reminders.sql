CREATE TABLE "closing_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"recipients" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "closing_reminders_application_kind_closes_at_key" UNIQUE("application_id","kind","closes_at"),
	CONSTRAINT "closing_reminders_kind_check" CHECK (kind in ('seven_days', 'two_days'))
);
--> statement-breakpoint
ALTER TABLE "closing_reminders" ADD CONSTRAINT "closing_reminders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;