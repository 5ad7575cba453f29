CREATE TABLE "team_member_slug_redirects" (
	"tenant_id" uuid NOT NULL,
	"old_slug" text NOT NULL,
	"team_member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_member_slug_redirects_pk" PRIMARY KEY("tenant_id","old_slug")
);
--> statement-breakpoint
CREATE TABLE "tenant_logos" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booking_answers" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "customer_language" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "booking_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "follow_visitor_language" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "embed_any_origin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "team_member_slug_redirects" ADD CONSTRAINT "team_member_slug_redirects_member_fk" FOREIGN KEY ("tenant_id","team_member_id") REFERENCES "public"."team_members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_logos" ADD CONSTRAINT "tenant_logos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_slug_redirects" ADD CONSTRAINT "tenant_slug_redirects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_language_valid" CHECK ("appointments"."customer_language" is null or "appointments"."customer_language" in ('en', 'es', 'de', 'fr'));--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_language_valid" CHECK ("tenant_settings"."default_language" in ('en', 'es', 'de', 'fr'));