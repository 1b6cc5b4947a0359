ALTER TABLE "idp_accounts" ADD COLUMN "fiscal_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fiscal_code" text;