ALTER TABLE "memberships" ADD COLUMN "granted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "invited_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "invitation_withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- Access and invitations that existed before these columns began when their rows were made.
UPDATE "memberships" SET "granted_at" = "created_at";--> statement-breakpoint
UPDATE "team_members" SET "invited_at" = "created_at";
