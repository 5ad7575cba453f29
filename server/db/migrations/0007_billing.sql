CREATE TABLE "billing_accounts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"trial_ends_at" timestamp with time zone,
	"trial_end_noted_at" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"stripe_status" text,
	"billing_interval" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_stripe_customer_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "billing_accounts_stripe_subscription_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "billing_accounts_stripe_status_valid" CHECK ("billing_accounts"."stripe_status" is null or "billing_accounts"."stripe_status" in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
	CONSTRAINT "billing_accounts_interval_valid" CHECK ("billing_accounts"."billing_interval" is null or "billing_accounts"."billing_interval" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"tenant_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_entity_type_valid";--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_recipient_valid";--> statement-breakpoint
ALTER TABLE "tenants" DROP CONSTRAINT "tenants_subscription_status_valid";--> statement-breakpoint
ALTER TABLE "tenants" DROP CONSTRAINT "tenants_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "team_member_limit" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "monthly_price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "yearly_price_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "currency" char(3) DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "paid_bookings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "webhooks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "remove_branding" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "stripe_monthly_lookup_key" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "stripe_yearly_lookup_key" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_stripe_monthly_lookup_key_unique" UNIQUE("stripe_monthly_lookup_key");--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_stripe_yearly_lookup_key_unique" UNIQUE("stripe_yearly_lookup_key");--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_entity_type_valid" CHECK ("activity_log"."entity_type" in ('service', 'customer', 'team_member', 'time_off', 'settings', 'business', 'session', 'appointment', 'subscription'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_valid" CHECK ("notification_outbox"."kind" in ('confirmation', 'reschedule', 'cancellation', 'reminder', 'payment_failed', 'trial_ended'));--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_recipient_valid" CHECK ("notification_outbox"."recipient" in ('customer', 'team_member', 'owner'));--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_team_member_limit_positive" CHECK ("plans"."team_member_limit" is null or "plans"."team_member_limit" >= 1);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_prices_not_negative" CHECK ("plans"."monthly_price_minor" >= 0 and "plans"."yearly_price_minor" >= 0);--> statement-breakpoint
-- The plans, as data. A year costs ten months. Free cannot be bought, so it has no Stripe prices.
INSERT INTO "plans" ("id", "name", "description", "position", "team_member_limit", "monthly_price_minor", "yearly_price_minor", "currency", "paid_bookings", "webhooks", "remove_branding", "stripe_monthly_lookup_key", "stripe_yearly_lookup_key") VALUES
  ('free', 'Free', 'For one person taking bookings.', 0, 1, 0, 0, 'USD', false, false, false, NULL, NULL),
  ('starter', 'Starter', 'For a small team sharing one booking page.', 1, 5, 1200, 12000, 'USD', false, false, false, 'slotwise_starter_monthly', 'slotwise_starter_yearly'),
  ('pro', 'Pro', 'For growing businesses: any team size, paid bookings, webhooks and your own branding.', 2, NULL, 2900, 29000, 'USD', true, true, true, 'slotwise_pro_monthly', 'slotwise_pro_yearly')
ON CONFLICT ("id") DO UPDATE SET
  "name" = EXCLUDED."name", "description" = EXCLUDED."description", "position" = EXCLUDED."position",
  "team_member_limit" = EXCLUDED."team_member_limit", "monthly_price_minor" = EXCLUDED."monthly_price_minor",
  "yearly_price_minor" = EXCLUDED."yearly_price_minor", "currency" = EXCLUDED."currency",
  "paid_bookings" = EXCLUDED."paid_bookings", "webhooks" = EXCLUDED."webhooks", "remove_branding" = EXCLUDED."remove_branding",
  "stripe_monthly_lookup_key" = EXCLUDED."stripe_monthly_lookup_key", "stripe_yearly_lookup_key" = EXCLUDED."stripe_yearly_lookup_key";--> statement-breakpoint
-- Businesses made before billing existed start the same 14-day Pro trial a new one gets, so
-- nobody loses a team member they already have the day billing arrives.
INSERT INTO "billing_accounts" ("tenant_id", "plan_id", "trial_ends_at")
  SELECT "id", 'pro', now() + interval '14 days' FROM "tenants"
ON CONFLICT ("tenant_id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "plan_id";--> statement-breakpoint
ALTER TABLE "tenants" DROP COLUMN "subscription_status";
