CREATE TABLE "receipt_counters" (
	"fund" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_fund_year_pk" PRIMARY KEY("fund","year"),
	CONSTRAINT "receipt_counters_last_number_check" CHECK ("receipt_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"protocol" text NOT NULL,
	"fund" text NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"application_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status_history_id" uuid NOT NULL,
	"handed_over_by" uuid,
	"handed_over_by_name" text NOT NULL,
	"handed_over_at" timestamp with time zone NOT NULL,
	"call_title" text NOT NULL,
	"organization_name" text NOT NULL,
	"vat_number" text NOT NULL,
	"figures" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	CONSTRAINT "receipts_protocol_unique" UNIQUE("protocol"),
	CONSTRAINT "receipts_status_history_id_unique" UNIQUE("status_history_id"),
	CONSTRAINT "receipts_fund_year_number_key" UNIQUE("fund","year","number"),
	CONSTRAINT "receipts_kind_check" CHECK ("receipts"."kind" in ('application', 'integration', 'review', 'monitoring')),
	CONSTRAINT "receipts_number_check" CHECK ("receipts"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_fund_calls_fund_fk" FOREIGN KEY ("fund") REFERENCES "public"."calls"("fund") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_fund_calls_fund_fk" FOREIGN KEY ("fund") REFERENCES "public"."calls"("fund") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_status_history_id_application_status_history_id_fk" FOREIGN KEY ("status_history_id") REFERENCES "public"."application_status_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_handed_over_by_users_id_fk" FOREIGN KEY ("handed_over_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_application_idx" ON "receipts" USING btree ("application_id","handed_over_at");