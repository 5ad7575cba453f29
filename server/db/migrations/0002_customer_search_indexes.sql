DROP INDEX "customers_tenant_name_idx";--> statement-breakpoint
CREATE INDEX "customers_tenant_lower_name_idx" ON "customers" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "customers_tenant_lower_email_idx" ON "customers" USING btree ("tenant_id",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "customers_tenant_lower_email_desc_idx" ON "customers" USING btree ("tenant_id",lower("email") desc nulls last,"id" desc);--> statement-breakpoint
-- Trigram indexes for the customer search (lower(x) LIKE '%text%'), kept out of schema.ts
-- because drizzle cannot express the operator class; fastupdate off because PGlite runs no
-- autovacuum to flush a GIN pending list.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_lower_name_trgm_idx" ON "customers" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "customers_lower_email_trgm_idx" ON "customers" USING gin (lower("email") gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "customers_phone_digits_trgm_idx" ON "customers" USING gin (translate("phone", '+ ()./-', '') gin_trgm_ops) WITH (fastupdate = off);
