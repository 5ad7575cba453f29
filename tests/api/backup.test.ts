import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { asc } from 'drizzle-orm'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { BackupError, backUp, restore } from '../../scripts/lib/backup.ts'
import { DEMO_OWNER } from '../../server/auth/demo-owner.ts'
import { createDatabase, type Database } from '../../server/db/database.ts'
import { appointments } from '../../server/db/schema.ts'
import { seedDemoBusiness } from '../../server/services/demo-seed.ts'
import { withAdminClient } from '../support/api/postgres-admin.ts'

const run = promisify(execFile)
const work = mkdtempSync(join(tmpdir(), 'slotwise-backup-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/**
 * `npm run db:<command>` as an operator runs it (the script npm would start, without npm's
 * own second of start-up); its exit code, output and errors.
 */
async function npmRun(command: 'db:backup' | 'db:restore', args: string[], env: NodeJS.ProcessEnv) {
  const script = command === 'db:backup' ? 'scripts/db-backup.ts' : 'scripts/db-restore.ts'
  const environment = { ...process.env, ...env }
  if (!env.DATABASE_URL) delete environment.DATABASE_URL
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
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
      await expect(backUp({ kind: 'pglite', dataDir: source }, file)).rejects.toThrow(
        'is in use: stop the server first',
      )
      await database.close()

      const backup = await npmRun('db:backup', [file], { DATA_DIR: source })
      expect(backup.stderr).toBe('')
      expect(backup.code).toBe(0)
      expect(backup.stdout).toContain(`(${ids.length} appointments)`)

      const targetDir = join(work, 'restored')
      const restored = await npmRun('db:restore', [file], { DATA_DIR: targetDir })
      expect(restored.stderr).toBe('')
      expect(restored.stdout).toContain(`${ids.length} appointments`)
      const reopened = await createDatabase({ dataDir: targetDir })
      try {
        await reopened.migrate()
        expect(await appointmentIds(reopened)).toEqual(ids)
      } finally {
        await reopened.close()
      }

      const target = { kind: 'pglite', dataDir: targetDir } as const
      await expect(restore(target, file, { force: false })).rejects.toThrow(
        /already holds a database.*--force/,
      )
      const forced = await restore(target, file, { force: true })
      expect(forced.appointments).toBe(ids.length)
      expect(forced.setAside).toMatch(/pglite\.before-restore-\d+$/)
      expect(existsSync(join(forced.setAside as string, 'PG_VERSION'))).toBe(true)
    }, 180_000)

    it('says what is wrong with a missing, foreign or PostgreSQL file', async () => {
      const target = { kind: 'pglite', dataDir: join(work, 'never-restored') } as const
      const restoring = (file: string) => restore(target, file, { force: false })
      await expect(restoring(join(work, 'nope.tar.gz'))).rejects.toThrow(
        'There is no backup file at',
      )
      const foreign = join(work, 'notes.txt')
      writeFileSync(foreign, 'not a backup')
      await expect(restoring(foreign)).rejects.toThrow('is not a Slotwise backup')
      const pgDump = join(work, 'other.dump')
      writeFileSync(pgDump, 'PGDMP\u0001\u000e')
      await expect(restoring(pgDump)).rejects.toThrow('is a PostgreSQL backup')
      const broken = join(work, 'broken.tar.gz')
      writeFileSync(broken, Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01, 0x02]))
      await expect(restoring(broken)).rejects.toThrow(BackupError)
      expect(existsSync(join(target.dataDir, 'pglite'))).toBe(false)

      await expect(backUp(target, join(work, 'x.tar.gz'))).rejects.toThrow(
        'There is no embedded database',
      )
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
