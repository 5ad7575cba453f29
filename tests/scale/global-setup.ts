import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startTestPostgres } from '../../scripts/lib/postgres.ts'
import { buildSpaIfStale } from '../../scripts/lib/spa-build.ts'
import { createDatabase } from '../../server/db/database.ts'
import { withAdminClient } from '../support/api/postgres-admin.ts'
import { haproxyBinary } from '../support/scale/haproxy.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server the tests may create databases on (TEST_DATABASE_URL, or started). */
    scalePostgresUrl: string
    /** A database migrated once, which each test's database is a copy of. */
    scaleTemplate: string
  }
}

/**
 * The production set-up's tests run real processes: `npm run start:prod` (which serves the
 * built app), HAProxy from Debian, PostgreSQL. HAProxy missing is a failure, not a skip: CI
 * installs it (.ci/run).
 */
export default async function setup(project: TestProject) {
  haproxyBinary()
  buildSpaIfStale(resolve(import.meta.dirname, '../..'), (line) => console.log(line))
  const postgres = await startTestPostgres()
  project.provide('scalePostgresUrl', postgres.url)
  // Migrated once here: each test's processes then start on a copy with nothing to migrate.
  const template = `slotwise_scale_template_${randomBytes(6).toString('hex')}`
  await withAdminClient(postgres.url, (client) => client.query(`create database ${template}`))
  const url = new URL(postgres.url)
  url.pathname = `/${template}`
  const database = await createDatabase({ url: url.toString() })
  await database.migrate()
  await database.close()
  project.provide('scaleTemplate', template)
  return async () => {
    await withAdminClient(postgres.url, (client) =>
      client.query(`drop database if exists ${template} with (force)`),
    )
    postgres.stop()
  }
}
