import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'
import { startTestPostgres } from '../../scripts/lib/postgres.ts'
import { buildSpaIfStale } from '../../scripts/lib/spa-build.ts'
import { haproxyBinary } from './support/haproxy.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server the tests may create databases on (TEST_DATABASE_URL, or started). */
    scalePostgresUrl: string
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
  return () => postgres.stop()
}
