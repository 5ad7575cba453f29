CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uid" text,
	"actor_name" text,
	"actor_email" text,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "activity_log_entity_type_valid" CHECK ("activity_log"."entity_type" in ('service', 'customer', 'team_member', 'time_off', 'settings', 'business', 'session', 'appointment')),
	CONSTRAINT "activity_log_action_valid" CHECK ("activity_log"."action" in ('created', 'updated', 'deleted', 'signed_in'))
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"team_member_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"source" text NOT NULL,
	"created_by" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "appointments_time_valid" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" in ('confirmed', 'cancelled', 'completed', 'no_show')),
	CONSTRAINT "appointments_source_valid" CHECK ("appointments"."source" in ('staff', 'public'))
);
--> statement-breakpoint
CREATE TABLE "service_team_members" (
	"tenant_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"team_member_id" uuid NOT NULL,
	CONSTRAINT "service_team_members_pkey" PRIMARY KEY("service_id","team_member_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"booking_window_days" integer DEFAULT 60 NOT NULL,
	"slot_interval_minutes" integer DEFAULT 15 NOT NULL,
	"cancellation_cutoff_minutes" integer DEFAULT 1440 NOT NULL,
	"reschedule_cutoff_minutes" integer DEFAULT 1440 NOT NULL,
	"team_member_choice" text DEFAULT 'both' NOT NULL,
	"confirmation_email" boolean DEFAULT true NOT NULL,
	"reminder_email" boolean DEFAULT true NOT NULL,
	"reminder_lead_minutes" integer DEFAULT 1440 NOT NULL,
	"brand_color" text DEFAULT '#4f46e5' NOT NULL,
	"default_theme" text DEFAULT 'system' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_settings_choice_valid" CHECK ("tenant_settings"."team_member_choice" in ('customer_picks', 'any_available', 'both')),
	CONSTRAINT "tenant_settings_theme_valid" CHECK ("tenant_settings"."default_theme" in ('light', 'dark', 'system'))
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_member_id" uuid NOT NULL,
	"all_day" boolean NOT NULL,
	"start_date" date,
	"end_date" date,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_shape_valid" CHECK (("time_off"."all_day" and "time_off"."start_date" is not null and "time_off"."end_date" is not null and "time_off"."end_date" >= "time_off"."start_date" and "time_off"."starts_at" is null and "time_off"."ends_at" is null)
        or (not "time_off"."all_day" and "time_off"."starts_at" is not null and "time_off"."ends_at" is not null and "time_off"."ends_at" > "time_off"."starts_at" and "time_off"."start_date" is null and "time_off"."end_date" is null))
);
--> statement-breakpoint
UPDATE "customers" SET "notes" = '' WHERE "notes" IS NULL;--> statement-breakpoint
UPDATE "services" SET "description" = '' WHERE "description" IS NULL;--> statement-breakpoint
UPDATE "services" SET "color" = '#4f46e5' WHERE "color" IS NULL;--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "notes" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "notes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "description" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "description" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "color" SET DEFAULT '#4f46e5';--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "color" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "capacity" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "working_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "user_uid" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "locale" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_auth_time" bigint;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_member_fk" FOREIGN KEY ("tenant_id","team_member_id") REFERENCES "public"."team_members"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_team_members" ADD CONSTRAINT "service_team_members_service_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_team_members" ADD CONSTRAINT "service_team_members_member_fk" FOREIGN KEY ("tenant_id","team_member_id") REFERENCES "public"."team_members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_member_fk" FOREIGN KEY ("tenant_id","team_member_id") REFERENCES "public"."team_members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_tenant_time_idx" ON "activity_log" USING btree ("tenant_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_tenant_entity_idx" ON "activity_log" USING btree ("tenant_id","entity_type","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_tenant_actor_idx" ON "activity_log" USING btree ("tenant_id","actor_uid","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "appointments_member_time_idx" ON "appointments" USING btree ("tenant_id","team_member_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("tenant_id","customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_service_idx" ON "appointments" USING btree ("tenant_id","service_id","starts_at");--> statement-breakpoint
CREATE INDEX "service_team_members_member_idx" ON "service_team_members" USING btree ("tenant_id","team_member_id");--> statement-breakpoint
CREATE INDEX "time_off_member_idx" ON "time_off" USING btree ("tenant_id","team_member_id");--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tenant_created_idx" ON "customers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_tenant_email_unique" ON "team_members" USING btree ("tenant_id",lower("email")) WHERE "team_members"."email" is not null;--> statement-breakpoint
CREATE INDEX "team_members_email_idx" ON "team_members" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_user_unique" UNIQUE("tenant_id","user_uid");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_buffers_valid" CHECK ("services"."buffer_before_minutes" >= 0 and "services"."buffer_after_minutes" >= 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_capacity_valid" CHECK ("services"."capacity" >= 1);--> statement-breakpoint
-- Every existing business gets its default settings row.
INSERT INTO "tenant_settings" ("tenant_id") SELECT "id" FROM "tenants" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The activity log is append-only: no API edits it, and the database refuses to rewrite it.
-- (Deleting stays possible, for a business's own erasure with ON DELETE CASCADE.)
CREATE FUNCTION "activity_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'activity_log entries cannot be changed' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "activity_log_no_update" BEFORE UPDATE ON "activity_log"
  FOR EACH ROW EXECUTE FUNCTION "activity_log_is_append_only"();
