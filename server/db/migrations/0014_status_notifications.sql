CREATE TABLE "status_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"history_id" uuid NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"deadline" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "status_notifications_history_key" UNIQUE("history_id"),
	CONSTRAINT "status_notifications_status_check" CHECK (status in ('CANDIDATURA_SOTTOMESSA', 'INTEGRAZIONE_SOTTOMESSA', 'ISTRUTTORIA_SOTTOMESSA', 'MONITORAGGIO_SOTTOMESSO', 'IN_VALUTAZIONE', 'AMMISSIBILE', 'RIFIUTATA', 'IN_INTEGRAZIONE', 'DELIBERATA', 'MONITORAGGIO_CHIUSO'))
);
--> statement-breakpoint
ALTER TABLE "status_notifications" ADD CONSTRAINT "status_notifications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_notifications" ADD CONSTRAINT "status_notifications_history_id_application_status_history_id_fk" FOREIGN KEY ("history_id") REFERENCES "public"."application_status_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_notifications_pending_idx" ON "status_notifications" USING btree ("next_attempt_at") WHERE "status_notifications"."sent_at" is null;