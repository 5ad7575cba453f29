-- The connected Stripe account gets its own activity entity type (its entries name it by its
-- acct_ id). Entries written before stay `business`: the log is append-only.
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_entity_type_valid";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_entity_type_valid" CHECK ("activity_log"."entity_type" in ('service', 'customer', 'team_member', 'time_off', 'settings', 'business', 'session', 'appointment', 'subscription', 'payment_account'));