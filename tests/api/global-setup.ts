import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.ts'
import { createDatabase } from '../../server/db/database.ts'
import { withAdminClient } from '../support/api/postgres-admin.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator the API tests sign users up with. */
    authEmulatorHost: string
    /**
     * One migrated database every test file's database starts from (test-database.ts): the
     * files of an embedded PGlite, or the name of a template database on TEST_DATABASE_URL.
     */
    migratedTemplate: { kind: 'pglite'; filesPath: string } | { kind: 'postgres'; name: string }
  }
}

/**
 * One Auth emulator for the whole API run (it takes ~10 s to start), unless one is already
 * running and named by FIREBASE_AUTH_EMULATOR_HOST; and one migrated database to copy, since
 * creating and migrating one takes seconds that every test file would otherwise repeat.
 */
export default async function setup(project: TestProject) {
  const [emulator, template] = await Promise.all([
    process.env.FIREBASE_AUTH_EMULATOR_HOST
      ? Promise.resolve({ host: process.env.FIREBASE_AUTH_EMULATOR_HOST, stop: async () => {} })
      : startAuthEmulator(),
    migratedTemplate(process.env.TEST_DATABASE_URL),
  ])
  project.provide('authEmulatorHost', emulator.host)
  project.provide('migratedTemplate', template.provided)
  return async () => {
    await emulator.stop()
    await template.remove()
  }
}

async function migratedTemplate(serverUrl: string | undefined) {
  if (!serverUrl) {
    const database = await createDatabase()
    await database.migrate()
    const files = await database.dumpFiles?.()
    await database.close()
    if (!files) throw new Error('An embedded database gave no files to copy.')
    const dir = mkdtempSync(join(tmpdir(), 'slotwise-template-'))
    const filesPath = join(dir, 'pglite.tar')
    writeFileSync(filesPath, Buffer.from(await files.arrayBuffer()))
    return {
      provided: { kind: 'pglite', filesPath } as const,
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const name = `slotwise_template_${randomBytes(6).toString('hex')}`
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await createDatabase({ url: url.toString() })
  await database.migrate()
  await database.close()
  return {
    provided: { kind: 'postgres', name } as const,
    remove: () =>
      withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ),
  }
}
