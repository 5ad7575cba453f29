ALTER TABLE "team_members" ADD COLUMN "color" text DEFAULT '#4f46e5' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_color_format" CHECK ("team_members"."color" ~ '^#[0-9a-fA-F]{6}$');--> statement-breakpoint
-- Existing members get distinct colours of the palette (shared/calendar-colours.ts) in the order
-- they joined their business, so the calendar's columns tell them apart from the first day.
UPDATE "team_members" AS "member" SET "color" = (ARRAY['#4f46e5', '#0ea5e9', '#14b8a6', '#16a34a', '#ca8a04', '#ea580c', '#dc2626', '#db2777', '#9333ea', '#64748b'])[(("ranked"."position" - 1) % 10) + 1]
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "created_at", "id") AS "position"
  FROM "team_members"
) AS "ranked"
WHERE "member"."id" = "ranked"."id";
