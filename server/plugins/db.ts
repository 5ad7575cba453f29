import fp from 'fastify-plugin'
import type { Database } from '../db/database.ts'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
  }
}

/**
 * Makes the database available as `app.database`. The caller opened it and closes it after the
 * server, so a test can inspect the data once the app is gone.
 */
export const dbPlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database)
  },
  { name: 'db' },
)
