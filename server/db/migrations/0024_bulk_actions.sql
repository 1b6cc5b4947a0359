CREATE TABLE "bulk_action_items" (
	"action_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"lease_until" timestamp with time zone,
	"handled_at" timestamp with time zone,
	CONSTRAINT "bulk_action_items_action_id_application_id_pk" PRIMARY KEY("action_id","application_id"),
	CONSTRAINT "bulk_action_items_state_check" CHECK ("bulk_action_items"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "bulk_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"target_status" text,
	"note" text,
	"started_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer NOT NULL,
	"lease_until" timestamp with time zone,
	"result_key" text,
	"result_name" text,
	"result_size" bigint,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_actions_kind_check" CHECK ("bulk_actions"."kind" in ('status', 'zip', 'excel'))
);
--> statement-breakpoint
ALTER TABLE "bulk_action_items" ADD CONSTRAINT "bulk_action_items_action_id_bulk_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."bulk_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_action_items" ADD CONSTRAINT "bulk_action_items_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_actions" ADD CONSTRAINT "bulk_actions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_action_items_pending_idx" ON "bulk_action_items" USING btree ("action_id","position") WHERE "bulk_action_items"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "bulk_actions_started_by_idx" ON "bulk_actions" USING btree ("started_by","created_at");--> statement-breakpoint
CREATE INDEX "bulk_actions_unfinished_idx" ON "bulk_actions" USING btree ("created_at") WHERE "bulk_actions"."finished_at" is null;