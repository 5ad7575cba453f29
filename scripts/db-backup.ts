/**
 * `npm run db:backup [-- <file>]`: backs up the database the server uses — PostgreSQL when
 * DATABASE_URL is set (pg_dump's custom format, while the server runs), else the embedded
 * database under DATA_DIR (default ./data; with the server stopped). Without a file name it
 * writes `backups/slotwise-<kind>-<time>`. See the README, "Back up and restore".
 */
import { parseArgs } from 'node:util'
import { BackupError, backUp, backupTarget, defaultBackupFile } from './lib/backup.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string' } },
})

try {
  const target = backupTarget({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: values['data-dir'] ?? process.env.DATA_DIR,
  })
  const file = positionals[0] ?? defaultBackupFile(target)
  const summary = await backUp(target, file)
  console.log(
    `Backed up the ${target.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${summary.appointments} appointments) to ${summary.file} (${formatBytes(summary.bytes)}).`,
  )
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exit(1)
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
