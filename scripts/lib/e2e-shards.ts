import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Seconds each end-to-end file took, its tests summed, in four shards side by side on the 2-core
 * machine (30 Nov 2026, 01:30, with the other helpers' runs beside it: files took about twice
 * their time alone). calendar-sync.spec.ts is an estimate (about 40 s alone) until it is
 * measured. Only the proportions matter: they split the files into shards that end together,
 * where Playwright's own `--shard` splits by count and left one shard three minutes behind the
 * other. A file not listed counts as an average one; re-measure when a file's time changes
 * much (the list reporter prints each test's).
 */
const MEASURED_SECONDS: Record<string, number> = {
  'auth.spec.ts': 33,
  'billing.spec.ts': 168,
  'booking-customer-account.spec.ts': 56,
  'booking-keyboard.spec.ts': 102,
  'booking-languages.spec.ts': 170,
  'booking-model.spec.ts': 135,
  'booking-not-found.spec.ts': 20,
  'booking-questions.spec.ts': 24,
  'booking-self-service-languages.spec.ts': 46,
  'booking-wizard.spec.ts': 23,
  'business-identity.spec.ts': 58,
  'business-setup.spec.ts': 51,
  'calendar-sync.spec.ts': 80,
  'calendar.spec.ts': 128,
  'customer-data-rights.spec.ts': 17,
  'customers.spec.ts': 110,
  'dashboard.spec.ts': 26,
  'embed.spec.ts': 51,
  'insights.spec.ts': 30,
  'live.spec.ts': 15,
  'no-show-fee.spec.ts': 84,
  'paid-booking.spec.ts': 44,
  'payment-refunds.spec.ts': 17,
  'payments-list.spec.ts': 52,
  'payments-settings.spec.ts': 14,
  'public-booking.spec.ts': 168,
  'roles.spec.ts': 23,
  'services.spec.ts': 58,
  'settings-and-activity.spec.ts': 23,
  'shell.spec.ts': 11,
  'team-calendar.spec.ts': 15,
  'team.spec.ts': 63,
}

const known = Object.values(MEASURED_SECONDS)
const averageSeconds = known.reduce((sum, seconds) => sum + seconds, 0) / known.length

/** A file's measured seconds, or the average file's when it was not measured. */
export function measuredSeconds(file: string): number {
  return MEASURED_SECONDS[file.split('/').pop() ?? ''] ?? averageSeconds
}

/** The end-to-end files, relative to the repository root, in a stable order. */
export function endToEndFiles(root: string): string[] {
  return readdirSync(join(root, 'tests/e2e'))
    .filter((name) => name.endsWith('.spec.ts'))
    .sort()
    .map((name) => `tests/e2e/${name}`)
}

/**
 * The files split into `shards` lists of about equal measured time: longest first, each to the
 * shard with the least so far (within 4/3 of the best split, and in practice within a test).
 */
export function planShards(files: string[], shards: number): string[][] {
  const plan = Array.from({ length: shards }, () => ({ files: [] as string[], seconds: 0 }))
  const longestFirst = [...files].sort(
    (a, b) => measuredSeconds(b) - measuredSeconds(a) || a.localeCompare(b),
  )
  for (const file of longestFirst) {
    const emptiest = plan.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least))
    emptiest.files.push(file)
    emptiest.seconds += measuredSeconds(file)
  }
  return plan.map((shard) => shard.files.sort()).filter((shardFiles) => shardFiles.length > 0)
}

/** A Playwright file filter (a regular expression) that matches this one file and no other. */
export function exactFileFilter(file: string): string {
  return `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`
}
