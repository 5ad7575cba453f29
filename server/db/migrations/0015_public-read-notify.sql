-- Every API process caches the public booking pages' reads of these tables (server/db/read-cache.ts)
-- and drops a business's entries when this NOTIFY reaches its LISTEN connection. A trigger, not
-- the services, sends it, so no write path (staff, seed, data rights, a later feature) is missed.
-- PostgreSQL delivers it only when the transaction commits, once per transaction and business
-- (identical payloads are folded), on the live channel every process already listens on.
CREATE FUNCTION "notify_public_read_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant text := (CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END) ->> TG_ARGV[0];
BEGIN
  PERFORM pg_notify('slotwise_live', json_build_object('tenant_id', tenant, 'kind', 'public_read')::text);
  -- A row moved to another business (never today) would leave the old one's entries behind.
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) ->> TG_ARGV[0] IS DISTINCT FROM tenant THEN
    PERFORM pg_notify('slotwise_live', json_build_object('tenant_id', to_jsonb(OLD) ->> TG_ARGV[0], 'kind', 'public_read')::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tenants_public_read" AFTER INSERT OR UPDATE OR DELETE ON "tenants" FOR EACH ROW EXECUTE FUNCTION "notify_public_read_change"('id');--> statement-breakpoint
CREATE TRIGGER "tenant_settings_public_read" AFTER INSERT OR UPDATE OR DELETE ON "tenant_settings" FOR EACH ROW EXECUTE FUNCTION "notify_public_read_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "tenant_slug_redirects_public_read" AFTER INSERT OR UPDATE OR DELETE ON "tenant_slug_redirects" FOR EACH ROW EXECUTE FUNCTION "notify_public_read_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "services_public_read" AFTER INSERT OR UPDATE OR DELETE ON "services" FOR EACH ROW EXECUTE FUNCTION "notify_public_read_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "team_members_public_read" AFTER INSERT OR UPDATE OR DELETE ON "team_members" FOR EACH ROW EXECUTE FUNCTION "notify_public_read_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "service_team_members_public_read" AFTER INSERT OR UPDATE OR DELETE ON "service_team_members" FOR EACH ROW EXECUTE FUNCTION "notify_public_read_change"('tenant_id');--> statement-breakpoint
CREATE TRIGGER "time_off_public_read" AFTER INSERT OR UPDATE OR DELETE ON "time_off" FOR EACH ROW EXECUTE FUNCTION "notify_public_read_change"('tenant_id');
