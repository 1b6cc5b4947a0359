CREATE TABLE "attachment_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"fund" text NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"mandatory" boolean NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"template_path" text,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachment_types_fund_check" CHECK ("attachment_types"."fund" in ('TUR', 'PUI')),
	CONSTRAINT "attachment_types_format_check" CHECK ("attachment_types"."format" in ('PDF', 'Excel'))
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"fund" text NOT NULL,
	"attachment_type_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"description" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"is_pdf_a" boolean DEFAULT false NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "attachments_fund_check" CHECK ("attachments"."fund" in ('TUR', 'PUI')),
	CONSTRAINT "attachments_size_check" CHECK ("attachments"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_attachment_type_id_attachment_types_id_fk" FOREIGN KEY ("attachment_type_id") REFERENCES "public"."attachment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachment_types_fund_idx" ON "attachment_types" USING btree ("fund","sort_order");--> statement-breakpoint
CREATE INDEX "attachments_organization_fund_idx" ON "attachments" USING btree ("organization_id","fund","attachment_type_id");