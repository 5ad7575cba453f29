ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_action_valid";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "privacy_notice" text;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_action_valid" CHECK ("activity_log"."action" in ('created', 'updated', 'deleted', 'signed_in', 'exported', 'erased'));--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD CONSTRAINT "tenant_settings_privacy_notice_length" CHECK ("tenant_settings"."privacy_notice" is null or char_length("tenant_settings"."privacy_notice") <= 10000);--> statement-breakpoint
-- The activity log stays append-only, with one exception: erasing a customer rewrites the
-- summary and changes of the entries about them (their name, addresses and texts go), and the
-- actor's name and address of what they did online themselves, inside a transaction that
-- declares it with set_config('slotwise.erasing_customer', 'on', true). The actor's id, the
-- action, its time and its record are never rewritten.
CREATE OR REPLACE FUNCTION "activity_log_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('slotwise.erasing_customer', true) = 'on'
    AND NEW.id = OLD.id
    AND NEW.tenant_id = OLD.tenant_id
    AND NEW.occurred_at = OLD.occurred_at
    AND NEW.actor_uid IS NOT DISTINCT FROM OLD.actor_uid
    AND NEW.entity_type = OLD.entity_type
    AND NEW.entity_id IS NOT DISTINCT FROM OLD.entity_id
    AND NEW.action = OLD.action
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'activity_log entries cannot be changed' USING ERRCODE = 'insufficient_privilege';
END;
$$;
