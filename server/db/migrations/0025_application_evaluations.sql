CREATE TABLE "application_evaluations" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_over_by" uuid,
	"handed_over_by_name" text,
	"handed_over_at" timestamp with time zone,
	"outcome" text,
	"outcome_note" text,
	"weighted_score" numeric(7, 2),
	CONSTRAINT "application_evaluations_version_check" CHECK ("application_evaluations"."version" >= 1),
	CONSTRAINT "application_evaluations_outcome_check" CHECK ("application_evaluations"."outcome" is null or "application_evaluations"."outcome" in ('AMMISSIBILE', 'RIFIUTATA'))
);
--> statement-breakpoint
ALTER TABLE "application_evaluations" ADD CONSTRAINT "application_evaluations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_evaluations" ADD CONSTRAINT "application_evaluations_definition_id_survey_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."survey_definitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_evaluations" ADD CONSTRAINT "application_evaluations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_evaluations" ADD CONSTRAINT "application_evaluations_handed_over_by_users_id_fk" FOREIGN KEY ("handed_over_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_evaluations_definition_idx" ON "application_evaluations" USING btree ("definition_id");