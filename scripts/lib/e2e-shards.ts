import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Seconds each end-to-end file took, its tests summed, in a run of three shards on the 2-core
 * machine under heavy load (29 Nov 2026; two tests that ran out of time there counted at their
 * usual length). Only the proportions matter: they
 * split the files into shards that end together, where Playwright's own `--shard` splits by
 * count and left one shard three minutes behind the other. A file not listed counts as an
 * average one; re-measure when a file's time changes much (the list reporter prints each test's).
 */
const MEASURED_SECONDS: Record<string, number> = {
  'auth.spec.ts': 68,
  'billing.spec.ts': 259,
  'booking-customer-account.spec.ts': 82,
  'booking-keyboard.spec.ts': 316,
  'booking-languages.spec.ts': 244,
  'booking-model.spec.ts': 166,
  'booking-not-found.spec.ts': 43,
  'booking-questions.spec.ts': 84,
  'booking-self-service-languages.spec.ts': 91,
  'booking-wizard.spec.ts': 31,
  'business-identity.spec.ts': 96,
  'business-setup.spec.ts': 139,
  'calendar.spec.ts': 203,
  'customer-data-rights.spec.ts': 30,
  'customers.spec.ts': 269,
  'dashboard.spec.ts': 44,
  'embed.spec.ts': 83,
  'live.spec.ts': 38,
  'no-show-fee.spec.ts': 78,
  'paid-booking.spec.ts': 54,
  'payment-refunds.spec.ts': 42,
  'payments-list.spec.ts': 100,
  'payments-settings.spec.ts': 80,
  'public-booking.spec.ts': 300,
  'roles.spec.ts': 81,
  'services.spec.ts': 144,
  'settings-and-activity.spec.ts': 73,
  'shell.spec.ts': 52,
  'team.spec.ts': 177,
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
