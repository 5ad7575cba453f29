-- Every API process caches the free starts the public booking pages compute (server/db/read-cache.ts)
-- and drops a business's computed starts when this NOTIFY reaches its LISTEN connection. A trigger,
-- not the services, sends it, so no path that books, moves, cancels, pays, expires or erases an
-- appointment is missed. Only the columns that decide whose time is taken when fire it (a reminder
-- queued or notes edited do not), and its own kind drops only the computed starts, not the
-- business's catalogue. Delivered at commit, once per transaction and business (identical payloads
-- are folded), on the live channel every process already listens on.
CREATE FUNCTION "notify_public_busy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('slotwise_live', json_build_object('tenant_id', OLD.tenant_id, 'kind', 'public_busy')::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('slotwise_live', json_build_object('tenant_id', NEW.tenant_id, 'kind', 'public_busy')::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "appointments_public_busy" AFTER INSERT OR DELETE OR UPDATE OF "tenant_id", "service_id", "team_member_id", "starts_at", "ends_at", "status", "buffer_before_minutes", "buffer_after_minutes", "busy_from", "busy_until", "seat_group", "hold_expires_at" ON "appointments" FOR EACH ROW EXECUTE FUNCTION "notify_public_busy_change"();
