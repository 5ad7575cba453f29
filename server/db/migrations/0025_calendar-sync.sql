CREATE TABLE "calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"team_member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"display_name" text NOT NULL,
	"credentials_sealed" text NOT NULL,
	"credentials_key_id" text NOT NULL,
	"health" text DEFAULT 'syncing' NOT NULL,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"broken_notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "calendar_connections_tenant_id_member_unique" UNIQUE("tenant_id","id","team_member_id"),
	CONSTRAINT "calendar_connections_kind_valid" CHECK ("calendar_connections"."kind" in ('caldav', 'ical_url', 'google')),
	CONSTRAINT "calendar_connections_health_valid" CHECK ("calendar_connections"."health" in ('ok', 'syncing', 'needs_reconnect', 'unreachable', 'rate_limited'))
);
--> statement-breakpoint
CREATE TABLE "calendar_writes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"action" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"written_ref" text,
	"written_etag" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_writes_appointment_calendar_unique" UNIQUE("appointment_id","calendar_id"),
	CONSTRAINT "calendar_writes_action_valid" CHECK ("calendar_writes"."action" in ('put', 'delete')),
	CONSTRAINT "calendar_writes_state_valid" CHECK ("calendar_writes"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "connected_calendars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"team_member_id" uuid NOT NULL,
	"remote_id" text NOT NULL,
	"name" text NOT NULL,
	"colour" text,
	"check_conflicts" boolean DEFAULT true NOT NULL,
	"add_bookings" boolean DEFAULT false NOT NULL,
	"privacy" text DEFAULT 'busy' NOT NULL,
	"sync_cursor" jsonb,
	"last_synced_at" timestamp with time zone,
	"busy_expanded_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_calendars_tenant_id_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "connected_calendars_tenant_id_member_unique" UNIQUE("tenant_id","id","team_member_id"),
	CONSTRAINT "connected_calendars_remote_unique" UNIQUE("connection_id","remote_id"),
	CONSTRAINT "connected_calendars_privacy_valid" CHECK ("connected_calendars"."privacy" in ('details', 'busy'))
);
--> statement-breakpoint
CREATE TABLE "external_busy_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"team_member_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	CONSTRAINT "external_busy_times_range_valid" CHECK ("external_busy_times"."ends_at" > "external_busy_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "external_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"ref" text NOT NULL,
	"etag" text,
	"events" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "external_events_calendar_ref_unique" UNIQUE("calendar_id","ref")
);
--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_member_fk" FOREIGN KEY ("tenant_id","team_member_id") REFERENCES "public"."team_members"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_writes" ADD CONSTRAINT "calendar_writes_calendar_fk" FOREIGN KEY ("tenant_id","calendar_id") REFERENCES "public"."connected_calendars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_calendars" ADD CONSTRAINT "connected_calendars_connection_fk" FOREIGN KEY ("tenant_id","connection_id","team_member_id") REFERENCES "public"."calendar_connections"("tenant_id","id","team_member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_busy_times" ADD CONSTRAINT "external_busy_times_calendar_fk" FOREIGN KEY ("tenant_id","calendar_id","team_member_id") REFERENCES "public"."connected_calendars"("tenant_id","id","team_member_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_events" ADD CONSTRAINT "external_events_calendar_fk" FOREIGN KEY ("tenant_id","calendar_id") REFERENCES "public"."connected_calendars"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_connections_member_idx" ON "calendar_connections" USING btree ("tenant_id","team_member_id");--> statement-breakpoint
CREATE INDEX "calendar_writes_due_idx" ON "calendar_writes" USING btree ("next_attempt_at") WHERE "calendar_writes"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "calendar_writes_appointment_idx" ON "calendar_writes" USING btree ("tenant_id","appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connected_calendars_one_for_bookings" ON "connected_calendars" USING btree ("tenant_id","team_member_id") WHERE "connected_calendars"."add_bookings";--> statement-breakpoint
CREATE INDEX "connected_calendars_due_idx" ON "connected_calendars" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "external_busy_times_member_range_idx" ON "external_busy_times" USING gist ("tenant_id","team_member_id",tstzrange("starts_at", "ends_at"));--> statement-breakpoint
CREATE INDEX "external_busy_times_calendar_idx" ON "external_busy_times" USING btree ("calendar_id");--> statement-breakpoint
CREATE INDEX "external_events_tenant_idx" ON "external_events" USING btree ("tenant_id","calendar_id");--> statement-breakpoint
-- Busy times of members' own calendars decide which times are free, as appointments do: the public
-- pages' cached free starts of the business are dropped when a sync stores new ones, or when a
-- calendar stops or starts being checked for conflicts (the function of migration 0016; identical
-- payloads are folded, so a sync storing a thousand rows sends one NOTIFY).
CREATE TRIGGER "external_busy_times_public_busy" AFTER INSERT OR DELETE OR UPDATE ON "external_busy_times" FOR EACH ROW EXECUTE FUNCTION "notify_public_busy_change"();--> statement-breakpoint
CREATE TRIGGER "connected_calendars_public_busy" AFTER UPDATE OF "check_conflicts" ON "connected_calendars" FOR EACH ROW EXECUTE FUNCTION "notify_public_busy_change"();
