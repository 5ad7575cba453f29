CREATE TABLE "appointment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"payment_id" uuid,
	"service_minor" integer NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"extras_minor" integer NOT NULL,
	"discount_minor" integer NOT NULL,
	"paid_before_minor" integer NOT NULL,
	"tip_minor" integer NOT NULL,
	"paid_now_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"actor_uid" text,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_checkouts_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "appointment_checkouts_amounts_valid" CHECK ("appointment_checkouts"."service_minor" >= 0 and "appointment_checkouts"."extras_minor" >= 0 and "appointment_checkouts"."discount_minor" >= 0
        and "appointment_checkouts"."discount_minor" <= "appointment_checkouts"."service_minor" + "appointment_checkouts"."extras_minor"
        and "appointment_checkouts"."paid_before_minor" >= 0 and "appointment_checkouts"."tip_minor" >= 0
        and "appointment_checkouts"."paid_now_minor" = greatest("appointment_checkouts"."service_minor" + "appointment_checkouts"."extras_minor" - "appointment_checkouts"."discount_minor" - "appointment_checkouts"."paid_before_minor", 0) + "appointment_checkouts"."tip_minor"),
	CONSTRAINT "appointment_checkouts_paid_now" CHECK (("appointment_checkouts"."paid_now_minor" > 0) = ("appointment_checkouts"."payment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_valid";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "stripe_account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "appointment_checkouts" ADD CONSTRAINT "appointment_checkouts_appointment_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_checkouts" ADD CONSTRAINT "appointment_checkouts_payment_fk" FOREIGN KEY ("tenant_id","payment_id") REFERENCES "public"."payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_checkouts_one_per_appointment" ON "appointment_checkouts" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_valid" CHECK ("notification_outbox"."kind" in ('confirmation', 'reschedule', 'cancellation', 'reminder', 'payment_failed', 'trial_ended', 'no_show_fee', 'late_payment_refund', 'receipt'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_in_person_shape" CHECK (("payments"."kind" = 'in_person') = ("payments"."method" is not null)
        and ("payments"."kind" = 'in_person') = ("payments"."stripe_account_id" is null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_valid" CHECK ("payments"."method" is null or "payments"."method" in ('cash', 'card_terminal', 'other'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_valid" CHECK ("payments"."kind" in ('prepayment', 'deposit', 'card_on_file', 'no_show_fee', 'in_person'));