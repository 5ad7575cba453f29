ALTER TABLE "appointments" ADD COLUMN "buffer_before_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "buffer_after_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "busy_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "seat_group" text;--> statement-breakpoint
-- Appointments written before this migration had no buffers and no group seats.
UPDATE "appointments" SET "busy_from" = "starts_at", "busy_until" = "ends_at", "seat_group" = "id"::text;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "busy_from" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "busy_until" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "seat_group" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "outside_working_hours" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_tenant_time_idx" ON "appointments" USING btree ("tenant_id","starts_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_busy_range_valid" CHECK ("appointments"."buffer_before_minutes" >= 0 and "appointments"."buffer_after_minutes" >= 0
        and "appointments"."busy_from" = "appointments"."starts_at" - make_interval(mins => "appointments"."buffer_before_minutes")
        and "appointments"."busy_until" = "appointments"."ends_at" + make_interval(mins => "appointments"."buffer_after_minutes"));--> statement-breakpoint
-- The database itself forbids double-booking: no two non-cancelled appointments of one team
-- member may have overlapping busy ranges (buffers included, half-open so back-to-back is
-- fine), except seats of one group session, which share a seat_group. A clash is SQLSTATE
-- 23P01, which the API answers with 409.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (
  "tenant_id" WITH =,
  "team_member_id" WITH =,
  tstzrange("busy_from", "busy_until", '[)') WITH &&,
  "seat_group" WITH <>
) WHERE ("status" <> 'cancelled');
