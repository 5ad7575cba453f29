import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Seconds each end-to-end file took, its tests summed, in a fresh-clone `bash .ci/run` (four
 * shards on the 2-core machine, 29 Nov 2026, 18:11; booking-languages counted at about two thirds,
 * as its axe loop scans each language in one scheme per size since that run). Only the
 * proportions matter: they split the files into shards that end together, where Playwright's own
 * `--shard` splits by count and left one shard three minutes behind the other. A file not listed
 * counts as an average one; re-measure when a file's time changes much (the list reporter prints
 * each test's).
 */
const MEASURED_SECONDS: Record<string, number> = {
  'auth.spec.ts': 50,
  'billing.spec.ts': 190,
  'booking-customer-account.spec.ts': 43,
  'booking-keyboard.spec.ts': 138,
  'booking-languages.spec.ts': 230,
  'booking-model.spec.ts': 146,
  'booking-not-found.spec.ts': 23,
  'booking-questions.spec.ts': 42,
  'booking-self-service-languages.spec.ts': 56,
  'booking-wizard.spec.ts': 37,
  'business-identity.spec.ts': 72,
  'business-setup.spec.ts': 115,
  'calendar.spec.ts': 106,
  'customer-data-rights.spec.ts': 21,
  'customers.spec.ts': 166,
  'dashboard.spec.ts': 33,
  'embed.spec.ts': 51,
  'insights.spec.ts': 35,
  'live.spec.ts': 13,
  'no-show-fee.spec.ts': 96,
  'paid-booking.spec.ts': 50,
  'payment-refunds.spec.ts': 20,
  'payments-list.spec.ts': 62,
  'payments-settings.spec.ts': 45,
  'public-booking.spec.ts': 231,
  'roles.spec.ts': 26,
  'services.spec.ts': 55,
  'settings-and-activity.spec.ts': 30,
  'shell.spec.ts': 28,
  'team.spec.ts': 80,
  'team-calendar.spec.ts': 21,
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
