CREATE TABLE "monitoring_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund" text NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"opens_on" date NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_periods_fund_code_key" UNIQUE("fund","code"),
	CONSTRAINT "monitoring_periods_dates_check" CHECK ("monitoring_periods"."due_on" >= "monitoring_periods"."opens_on")
);
--> statement-breakpoint
CREATE TABLE "monitoring_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"recipients" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monitoring_reminders_round_kind_key" UNIQUE("round_id","kind"),
	CONSTRAINT "monitoring_reminders_kind_check" CHECK (kind in ('opened', 'due_soon'))
);
--> statement-breakpoint
CREATE TABLE "monitoring_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"period_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" uuid,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid,
	CONSTRAINT "monitoring_rounds_application_period_key" UNIQUE("application_id","period_id")
);
--> statement-breakpoint
ALTER TABLE "monitoring_periods" ADD CONSTRAINT "monitoring_periods_fund_calls_fund_fk" FOREIGN KEY ("fund") REFERENCES "public"."calls"("fund") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "monitoring_reminders" ADD CONSTRAINT "monitoring_reminders_round_id_monitoring_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."monitoring_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_rounds" ADD CONSTRAINT "monitoring_rounds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_rounds" ADD CONSTRAINT "monitoring_rounds_period_id_monitoring_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."monitoring_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_rounds" ADD CONSTRAINT "monitoring_rounds_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitoring_rounds" ADD CONSTRAINT "monitoring_rounds_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitoring_rounds_period_idx" ON "monitoring_rounds" USING btree ("period_id");--> statement-breakpoint
ALTER TABLE "survey_submissions" ADD CONSTRAINT "survey_submissions_monitoring_period_id_monitoring_periods_id_fk" FOREIGN KEY ("monitoring_period_id") REFERENCES "public"."monitoring_periods"("id") ON DELETE restrict ON UPDATE no action;