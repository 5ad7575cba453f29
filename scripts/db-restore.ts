/**
 * `npm run db:restore -- <file> [--force]`: restores a backup of `npm run db:backup` into
 * the database the server would use — DATABASE_URL (an empty PostgreSQL database), else
 * DATA_DIR (an empty data folder; the server stopped). A database that is not empty is
 * refused unless --force: PostgreSQL's contents are then replaced, an embedded database is
 * set aside (renamed, kept). See the README, "Back up and restore".
 */
import { parseArgs } from 'node:util'
import { BackupError, backupTarget, restore } from './lib/backup.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string' }, force: { type: 'boolean', default: false } },
})

try {
  const [file] = positionals
  if (!file)
    throw new BackupError('Name the backup to restore: npm run db:restore -- <file> [--force]')
  const target = backupTarget({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: values['data-dir'] ?? process.env.DATA_DIR,
  })
  const summary = await restore(target, file, { force: values.force })
  if (summary.setAside) console.log(`The database that was there is kept in ${summary.setAside}.`)
  console.log(
    `Restored ${summary.file} into the ${target.kind === 'postgres' ? 'PostgreSQL database at DATABASE_URL' : `embedded database in ${target.dataDir}`}: ${summary.appointments} appointments. Start the server to use it.`,
  )
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error)
  process.exit(1)
}
