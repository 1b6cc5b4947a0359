CREATE TABLE "domanda_signatures" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"format" text NOT NULL,
	"trial" boolean NOT NULL,
	"signers" jsonb NOT NULL,
	"domanda_sha256" text NOT NULL,
	"content_fingerprint" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"uploaded_by_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domanda_signatures_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "domanda_signatures_format_check" CHECK ("domanda_signatures"."format" in ('CAdES', 'PAdES'))
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "signature_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "signature" jsonb;--> statement-breakpoint
ALTER TABLE "domanda_signatures" ADD CONSTRAINT "domanda_signatures_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domanda_signatures" ADD CONSTRAINT "domanda_signatures_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;