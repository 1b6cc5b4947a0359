CREATE TABLE "integration_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"request" text NOT NULL,
	"deadline" date,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_by" uuid,
	"completed_at" timestamp with time zone,
	CONSTRAINT "integration_rounds_number_check" CHECK ("integration_rounds"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "attachment_types" DROP CONSTRAINT "attachment_types_format_check";--> statement-breakpoint
ALTER TABLE "attachments" ADD COLUMN "integration_round_id" uuid;--> statement-breakpoint
ALTER TABLE "integration_rounds" ADD CONSTRAINT "integration_rounds_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_rounds" ADD CONSTRAINT "integration_rounds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_rounds" ADD CONSTRAINT "integration_rounds_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_rounds_application_number_key" ON "integration_rounds" USING btree ("application_id","number");--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_integration_round_id_integration_rounds_id_fk" FOREIGN KEY ("integration_round_id") REFERENCES "public"."integration_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachment_types" ADD CONSTRAINT "attachment_types_format_check" CHECK ("attachment_types"."format" in ('PDF', 'Excel', 'Documento'));