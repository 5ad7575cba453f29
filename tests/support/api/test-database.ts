import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { createDatabase, type Database } from '../../../server/db/database.ts'
import { withAdminClient } from './postgres-admin.ts'

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a throw-away database on that PostgreSQL server (dropped again on close). Both are
 * copies of the one database global-setup.ts migrated; migrating again finds nothing to do.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL
  const template = inject('migratedTemplate')
  if (!serverUrl) {
    const files =
      template.kind === 'pglite' ? new Blob([readFileSync(template.filesPath)]) : undefined
    const database = await createDatabase(files ? { pgliteFiles: files } : {})
    await database.migrate()
    return database
  }

  const name = `slotwise_test_${randomBytes(6).toString('hex')}`
  const copyOf = template.kind === 'postgres' ? ` template ${template.name}` : ''
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}${copyOf}`))
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
