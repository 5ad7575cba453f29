ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_action_valid";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "privacy_notice" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_action_valid" CHECK ("activity_log"."action" in ('created', 'updated', 'deleted', 'signed_in', 'exported', 'erased'));--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_privacy_notice_length" CHECK ("tenant_settings"."privacy_notice" is null or char_length("tenant_settings"."privacy_notice") <= 10000);