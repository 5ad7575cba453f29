import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { asc } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { DEMO_OWNER } from '../../server/auth/demo-owner.ts'
import { createDatabase, type Database } from '../../server/db/database.ts'
import { appointments } from '../../server/db/schema.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import { withAdminClient } from './support/postgres-admin.ts'

const run = promisify(execFile)
const work = mkdtempSync(join(tmpdir(), 'slotwise-backup-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** `npm run db:<command>` as an operator runs it; its exit code, output and errors. */
async function npmRun(command: 'db:backup' | 'db:restore', args: string[], env: NodeJS.ProcessEnv) {
  const environment = { ...process.env, ...env }
  if (!env.DATABASE_URL) delete environment.DATABASE_URL
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', command, '--', ...args], {
      env: environment,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** The demo business with its coming week booked, through the booking service. */
async function seed(database: Database): Promise<string[]> {
  await seedDemoBusiness(database, {
    ownerUid: DEMO_OWNER.uid,
    ownerEmail: DEMO_OWNER.email,
    ownerName: DEMO_OWNER.displayName,
  })
  return appointmentIds(database)
}

async function appointmentIds(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ id: appointments.id })
    .from(appointments)
    .orderBy(asc(appointments.id))
  return rows.map((row) => row.id)
}

const serverUrl = process.env.TEST_DATABASE_URL

// Each pass of the API suite backs up the kind of database it runs on.
if (!serverUrl) {
  describe('npm run db:backup / db:restore on embedded PGlite', () => {
    it('restores into an empty data folder with every appointment, and refuses to overwrite', async () => {
      const template = inject('migratedTemplate')
      if (template.kind !== 'pglite') throw new Error('The PGlite pass has a PGlite template.')
      const source = join(work, 'source')
      const database = await createDatabase({
        dataDir: source,
        pgliteFiles: new Blob([readFileSync(template.filesPath)]),
      })
      await database.migrate()
      const ids = await seed(database)
      expect(ids.length).toBeGreaterThan(5)

      // Open: the backup refuses to copy files a server is using.
      const file = join(work, 'embedded.tar.gz')
      const whileOpen = await npmRun('db:backup', [file], { DATA_DIR: source })
      expect(whileOpen.code).not.toBe(0)
      expect(whileOpen.stderr).toContain('is in use: stop the server first')
      await database.close()

      const backup = await npmRun('db:backup', [file], { DATA_DIR: source })
      expect(backup.stderr).toBe('')
      expect(backup.code).toBe(0)
      expect(backup.stdout).toContain(`(${ids.length} appointments)`)

      const target = join(work, 'restored')
      const restored = await npmRun('db:restore', [file], { DATA_DIR: target })
      expect(restored.stderr).toBe('')
      expect(restored.stdout).toContain(`${ids.length} appointments`)
      const reopened = await createDatabase({ dataDir: target })
      try {
        await reopened.migrate()
        expect(await appointmentIds(reopened)).toEqual(ids)
      } finally {
        await reopened.close()
      }

      const again = await npmRun('db:restore', [file], { DATA_DIR: target })
      expect(again.code).not.toBe(0)
      expect(again.stderr).toContain('already holds a database')
      expect(again.stderr).toContain('--force')

      const forced = await npmRun('db:restore', [file, '--force'], { DATA_DIR: target })
      expect(forced.stderr).toBe('')
      expect(forced.stdout).toMatch(/is kept in .*pglite\.before-restore-/)
    })

    it('says what is wrong with a missing, foreign or PostgreSQL file', async () => {
      const target = join(work, 'never-restored')
      const missing = await npmRun('db:restore', [join(work, 'nope.tar.gz')], { DATA_DIR: target })
      expect(missing.code).not.toBe(0)
      expect(missing.stderr).toContain('There is no backup file at')

      const foreign = join(work, 'notes.txt')
      writeFileSync(foreign, 'not a backup')
      const notBackup = await npmRun('db:restore', [foreign], { DATA_DIR: target })
      expect(notBackup.stderr).toContain('is not a Slotwise backup')

      const pgDump = join(work, 'other.dump')
      writeFileSync(pgDump, 'PGDMP\u0001\u000e')
      const wrongKind = await npmRun('db:restore', [pgDump], { DATA_DIR: target })
      expect(wrongKind.stderr).toContain('is a PostgreSQL backup')
      expect(existsSync(join(target, 'pglite'))).toBe(false)

      const nothing = await npmRun('db:backup', [join(work, 'x.tar.gz')], { DATA_DIR: target })
      expect(nothing.stderr).toContain('There is no embedded database')
    })
  })
}

if (serverUrl) {
  describe('npm run db:backup / db:restore on PostgreSQL', () => {
    const databaseUrl = (name: string) => {
      const url = new URL(serverUrl as string)
      url.pathname = `/${name}`
      return url.toString()
    }
    const suffix = randomBytes(4).toString('hex')
    const sourceName = `slotwise_backup_source_${suffix}`
    const targetName = `slotwise_backup_target_${suffix}`
    afterAll(() =>
      withAdminClient(serverUrl as string, async (client) => {
        for (const name of [sourceName, targetName]) {
          await client.query(`drop database if exists ${name} with (force)`)
        }
      }),
    )

    it('restores into an empty database with every appointment, and refuses to overwrite', async () => {
      const template = inject('migratedTemplate')
      if (template.kind !== 'postgres')
        throw new Error('The PostgreSQL pass has a template database.')
      await withAdminClient(serverUrl as string, async (client) => {
        await client.query(`create database ${sourceName} template ${template.name}`)
        await client.query(`create database ${targetName}`)
      })
      const database = await createDatabase({ url: databaseUrl(sourceName) })
      let ids: string[]
      try {
        ids = await seed(database)
      } finally {
        await database.close()
      }
      expect(ids.length).toBeGreaterThan(5)

      const file = join(work, 'postgres.dump')
      const backup = await npmRun('db:backup', [file], { DATABASE_URL: databaseUrl(sourceName) })
      expect(backup.stderr).toBe('')
      expect(backup.stdout).toContain(`(${ids.length} appointments)`)

      const restored = await npmRun('db:restore', [file], { DATABASE_URL: databaseUrl(targetName) })
      expect(restored.stderr).toBe('')
      expect(restored.stdout).toContain(`${ids.length} appointments`)
      const reopened = await createDatabase({ url: databaseUrl(targetName) })
      try {
        // The restored migrations table says everything is applied: nothing to do.
        await reopened.migrate()
        expect(await appointmentIds(reopened)).toEqual(ids)
      } finally {
        await reopened.close()
      }

      const again = await npmRun('db:restore', [file], { DATABASE_URL: databaseUrl(targetName) })
      expect(again.code).not.toBe(0)
      expect(again.stderr).toContain('is not empty')
      expect(again.stderr).toContain('--force')

      const forced = await npmRun('db:restore', [file, '--force'], {
        DATABASE_URL: databaseUrl(targetName),
      })
      expect(forced.stderr).toBe('')
      expect(forced.stdout).toContain(`${ids.length} appointments`)

      const wrongKind = join(work, 'embedded-looking.tar.gz')
      writeFileSync(wrongKind, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]))
      const refused = await npmRun('db:restore', [wrongKind], {
        DATABASE_URL: databaseUrl(targetName),
      })
      expect(refused.stderr).toContain('is an embedded (PGlite) backup')
    })
  })
}
