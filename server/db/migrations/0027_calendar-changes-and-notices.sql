CREATE TABLE "calendar_outside_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"calendar_name" text NOT NULL,
	"detected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_outside_changes_appointment_unique" UNIQUE("tenant_id","appointment_id"),
	CONSTRAINT "calendar_outside_changes_kind_valid" CHECK ("calendar_outside_changes"."kind" in ('moved', 'deleted')),
	CONSTRAINT "calendar_outside_changes_times_valid" CHECK (("calendar_outside_changes"."kind" = 'deleted') = ("calendar_outside_changes"."starts_at" is null) and ("calendar_outside_changes"."starts_at" is null) = ("calendar_outside_changes"."ends_at" is null))
);
--> statement-breakpoint
ALTER TABLE "notification_outbox" DROP CONSTRAINT "notification_outbox_kind_valid";--> statement-breakpoint
ALTER TABLE "calendar_outside_changes" ADD CONSTRAINT "calendar_outside_changes_appointment_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_outside_changes" ADD CONSTRAINT "calendar_outside_changes_calendar_fk" FOREIGN KEY ("tenant_id","calendar_id") REFERENCES "public"."connected_calendars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_outside_changes_calendar_idx" ON "calendar_outside_changes" USING btree ("calendar_id");--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_kind_valid" CHECK ("notification_outbox"."kind" in ('confirmation', 'reschedule', 'cancellation', 'reminder', 'payment_failed', 'trial_ended', 'no_show_fee', 'late_payment_refund', 'receipt', 'calendar_broken'));