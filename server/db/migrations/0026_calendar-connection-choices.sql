ALTER TABLE "calendar_connections" ADD COLUMN "disconnected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connected_calendars" ADD COLUMN "writable" boolean DEFAULT true NOT NULL;