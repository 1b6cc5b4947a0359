CREATE TABLE "integration_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"label" text NOT NULL,
	"step" text,
	"message" text NOT NULL,
	"old_value" jsonb,
	"answer_kind" text,
	"reply" text,
	"new_value" jsonb,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	CONSTRAINT "integration_items_kind_check" CHECK ("integration_items"."kind" in ('field', 'slot')),
	CONSTRAINT "integration_items_answer_kind_check" CHECK ("integration_items"."answer_kind" is null or "integration_items"."answer_kind" in ('changed', 'replied'))
);
--> statement-breakpoint
ALTER TABLE "integration_items" ADD CONSTRAINT "integration_items_round_id_integration_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."integration_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_items" ADD CONSTRAINT "integration_items_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_items_round_target_key" ON "integration_items" USING btree ("round_id","kind","target");