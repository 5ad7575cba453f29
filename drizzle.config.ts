import { defineConfig } from 'drizzle-kit'

// Migrations are generated SQL checked into the repo and applied by the server on start, for
// PGlite and PostgreSQL alike; drizzle-kit never needs a database connection here.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
