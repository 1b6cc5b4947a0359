CREATE TABLE "application_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"note" text,
	"actor_user_id" uuid,
	"actor_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_status_history_actor_role_check" CHECK ("application_status_history"."actor_role" in ('applicant', 'admin', 'system'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"fund" text NOT NULL,
	"status" text DEFAULT 'NON_AVVIATA' NOT NULL,
	"draft" jsonb,
	"draft_version" integer DEFAULT 0 NOT NULL,
	"draft_updated_at" timestamp with time zone,
	"body" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_fund_check" CHECK ("applications"."fund" in ('TUR', 'PUI')),
	CONSTRAINT "applications_draft_version_check" CHECK ("applications"."draft_version" >= 0),
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('NON_AVVIATA', 'APERTA', 'CANDIDATURA_SOTTOMESSA', 'IN_INTEGRAZIONE', 'INTEGRAZIONE_SOTTOMESSA', 'IN_VALUTAZIONE', 'AMMISSIBILE', 'RIFIUTATA', 'ISTRUTTORIA_SOTTOMESSA', 'DELIBERATA', 'MONITORAGGIO_APERTO', 'MONITORAGGIO_SOTTOMESSO', 'MONITORAGGIO_CHIUSO'))
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"fund" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"end_of_works_limit" date NOT NULL,
	"thresholds" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_status_history_application_idx" ON "application_status_history" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_organization_fund_key" ON "applications" USING btree ("organization_id","fund");--> statement-breakpoint
CREATE INDEX "applications_fund_status_idx" ON "applications" USING btree ("fund","status");--> statement-breakpoint
CREATE INDEX "applications_fund_submitted_at_idx" ON "applications" USING btree ("fund","submitted_at");