-- UNLOGGED by hand (drizzle-kit has no word for it): rate-limit counts matter for an hour at
-- most; a crash may empty them, and their writes skip the WAL.
CREATE UNLOGGED TABLE "rate_limit_counts" (
	"bucket" text NOT NULL,
	"key_hash" text NOT NULL,
	"slot" bigint NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counts_bucket_key_hash_slot_pk" PRIMARY KEY("bucket","key_hash","slot")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"bucket" text NOT NULL,
	"key_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("bucket","key_hash","at");