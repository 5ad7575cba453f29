ALTER TABLE "appointments" ADD COLUMN "submitted_name" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "submitted_email" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "submitted_phone" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "submitted_notes" text;