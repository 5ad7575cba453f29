-- Later migrations add exclusion constraints (no overlapping appointments per team member),
-- which need btree_gist to mix equality on ids with range overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_tenant_id_id_unique" UNIQUE("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"tenant_id" uuid NOT NULL,
	"user_uid" text NOT NULL,
	"permission" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_pkey" PRIMARY KEY("tenant_id","user_uid"),
	CONSTRAINT "memberships_permission_valid" CHECK ("memberships"."permission" in ('owner', 'admin', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"duration_minutes" integer NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"color" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "services_duration_valid" CHECK ("services"."duration_minutes" > 0 and "services"."duration_minutes" <= 1440),
	CONSTRAINT "services_price_valid" CHECK ("services"."price_minor" >= 0),
	CONSTRAINT "services_currency_format" CHECK ("services"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"permission" text DEFAULT 'staff' NOT NULL,
	"slug" text NOT NULL,
	"time_zone" text NOT NULL,
	"bookable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "team_members_tenant_slug_unique" UNIQUE("tenant_id","slug"),
	CONSTRAINT "team_members_permission_valid" CHECK ("team_members"."permission" in ('owner', 'admin', 'staff')),
	CONSTRAINT "team_members_slug_format" CHECK ("team_members"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" char(3) DEFAULT 'USD' NOT NULL,
	"domain" text,
	"plan_id" text DEFAULT 'free' NOT NULL,
	"subscription_status" text DEFAULT 'active' NOT NULL,
	"default_calendar" text DEFAULT 'week' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tenants_slug_format" CHECK ("tenants"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "tenants_currency_format" CHECK ("tenants"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "tenants_subscription_status_valid" CHECK ("tenants"."subscription_status" in ('active', 'trialing', 'past_due', 'cancelled')),
	CONSTRAINT "tenants_default_calendar_valid" CHECK ("tenants"."default_calendar" in ('day', 'week', 'month'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uid" text PRIMARY KEY NOT NULL,
	"email" text,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_tenant_name_idx" ON "customers" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_tenant_email_unique" ON "customers" USING btree ("tenant_id",lower("email")) WHERE "customers"."email" is not null;--> statement-breakpoint
CREATE INDEX "memberships_user_uid_idx" ON "memberships" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "services_tenant_name_idx" ON "services" USING btree ("tenant_id","name");--> statement-breakpoint
INSERT INTO "plans" ("id", "name") VALUES ('free', 'Free') ON CONFLICT ("id") DO NOTHING;
