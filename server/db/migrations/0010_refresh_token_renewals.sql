CREATE TABLE "refresh_token_renewals" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"renewed_token_hash" text,
	"sealed_tokens" text,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "refresh_token_renewals_renewed_idx" ON "refresh_token_renewals" USING btree ("renewed_token_hash");--> statement-breakpoint
CREATE INDEX "refresh_token_renewals_expires_idx" ON "refresh_token_renewals" USING btree ("expires_at");