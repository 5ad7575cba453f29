import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { createDatabase, type Database } from '../../../server/db/database.ts'

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a throw-away database on that PostgreSQL server (dropped again on close).
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    const database = await createDatabase()
    await database.migrate()
    return database
  }

  const name = `slotwise_test_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await createDatabase({ url: url.toString() })
  await database.migrate()
  return {
    ...database,
    close: async () => {
      await database.close()
      // FORCE: a connection the app still holds (e.g. its LISTEN connection, when a test
      // closes the database before the app) must not keep the throw-away database alive.
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      )
    },
  }
}

async function withAdminClient(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await work(client)
  } finally {
    await client.end()
  }
}
