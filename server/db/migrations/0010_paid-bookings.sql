CREATE TABLE "payment_accounts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_stripe_account_unique" UNIQUE("stripe_account_id"),
	CONSTRAINT "payment_accounts_status_valid" CHECK ("payment_accounts"."status" in ('pending', 'active', 'restricted'))
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"cause" text NOT NULL,
	"actor_uid" text,
	"actor_name" text,
	"stripe_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_stripe_refund_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_minor" > 0),
	CONSTRAINT "payment_refunds_cause_valid" CHECK ("payment_refunds"."cause" in ('cancellation', 'staff', 'late_payment'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_minor" integer NOT NULL,
	"refunded_amount_minor" integer DEFAULT 0 NOT NULL,
	"currency" char(3) NOT NULL,
	"stripe_account_id" text NOT NULL,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"stripe_customer_id" text,
	"stripe_payment_method_id" text,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_stripe_checkout_session_unique" UNIQUE("stripe_checkout_session_id"),
	CONSTRAINT "payments_stripe_payment_intent_unique" UNIQUE("stripe_payment_intent_id"),
	CONSTRAINT "payments_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" in ('prepayment', 'deposit', 'card_on_file', 'no_show_fee')),
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'expired')),
	CONSTRAINT "payments_currency_format" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_amounts_valid" CHECK ("payments"."amount_minor" >= 0 and "payments"."refunded_amount_minor" >= 0 and "payments"."refunded_amount_minor" <= "payments"."amount_minor"),
	CONSTRAINT "payments_refund_of_paid" CHECK ("payments"."refunded_amount_minor" = 0 or "payments"."status" = 'succeeded'),
	CONSTRAINT "payments_amount_of_kind" CHECK (("payments"."kind" = 'card_on_file') = ("payments"."amount_minor" = 0)),
	CONSTRAINT "payments_paid_at_valid" CHECK (("payments"."status" = 'succeeded') = ("payments"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_valid";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "payment_rule" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "no_show_fee_minor" integer;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "payment_hold_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("tenant_id","payment_id");--> statement-breakpoint
CREATE INDEX "payments_appointment_idx" ON "payments" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE INDEX "payments_tenant_created_idx" ON "payments" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_appointment" ON "payments" USING btree ("tenant_id","appointment_id") WHERE "payments"."status" = 'pending' and "payments"."kind" <> 'no_show_fee';--> statement-breakpoint
CREATE INDEX "appointments_hold_due_idx" ON "appointments" USING btree ("hold_expires_at") WHERE "appointments"."status" = 'pending_payment';--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_hold_expiry_valid" CHECK (("appointments"."status" = 'pending_payment') = ("appointments"."hold_expires_at" is not null));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_valid" CHECK ("appointments"."status" in ('confirmed', 'cancelled', 'completed', 'no_show', 'pending_payment', 'payment_expired'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_payment_rule_valid" CHECK ("services"."payment_rule" in ('none', 'full', 'deposit_fixed', 'deposit_percent', 'card_on_file'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_payment_rule_shape" CHECK (case "services"."payment_rule"
        when 'none' then "services"."deposit_amount_minor" is null and "services"."deposit_percent" is null and "services"."no_show_fee_minor" is null
        when 'full' then "services"."price_minor" > 0 and "services"."deposit_amount_minor" is null and "services"."deposit_percent" is null and "services"."no_show_fee_minor" is null
        when 'deposit_fixed' then "services"."deposit_amount_minor" is not null and "services"."deposit_amount_minor" > 0 and "services"."deposit_amount_minor" <= "services"."price_minor" and "services"."deposit_percent" is null and "services"."no_show_fee_minor" is null
        when 'deposit_percent' then "services"."price_minor" > 0 and "services"."deposit_percent" is not null and "services"."deposit_percent" between 1 and 100 and "services"."deposit_amount_minor" is null and "services"."no_show_fee_minor" is null
        when 'card_on_file' then "services"."no_show_fee_minor" is not null and "services"."no_show_fee_minor" > 0 and "services"."deposit_amount_minor" is null and "services"."deposit_percent" is null
        else false end);--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_payment_hold_valid" CHECK ("tenant_settings"."payment_hold_minutes" between 5 and 60);--> statement-breakpoint
-- A hold (pending_payment) takes its time like a confirmed appointment, so nobody can book it
-- while the customer pays; a hold that ran out (payment_expired) frees it, like a cancellation.
-- The constraint cannot read the clock: a hold past its hold_expires_at still counts here
-- until a booking of that time, or the expiry job, turns it into payment_expired first.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (
  "tenant_id" WITH =,
  "team_member_id" WITH =,
  tstzrange("busy_from", "busy_until", '[)') WITH &&,
  "seat_group" WITH <>
) WHERE ("status" NOT IN ('cancelled', 'payment_expired'));
