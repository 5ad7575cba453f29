import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Seconds each end-to-end file took, its tests summed, in a fresh-clone `bash .ci/run` (four
 * shards on the 2-core machine, 29 Nov 2026; booking-languages counted at about two thirds, as
 * its scans stopped reloading the page for each scheme after that run). Only the proportions
 * matter: they split the files into shards that end together, where Playwright's own `--shard`
 * splits by count and left one shard three minutes behind the other. A file not listed counts as
 * an average one; re-measure when a file's time changes much (the list reporter prints each
 * test's).
 */
const MEASURED_SECONDS: Record<string, number> = {
  'auth.spec.ts': 69,
  'billing.spec.ts': 174,
  'booking-customer-account.spec.ts': 58,
  'booking-keyboard.spec.ts': 179,
  'booking-languages.spec.ts': 230,
  'booking-model.spec.ts': 110,
  'booking-not-found.spec.ts': 29,
  'booking-questions.spec.ts': 78,
  'booking-self-service-languages.spec.ts': 43,
  'booking-wizard.spec.ts': 54,
  'business-identity.spec.ts': 30,
  'business-setup.spec.ts': 104,
  'calendar.spec.ts': 190,
  'customer-data-rights.spec.ts': 22,
  'customers.spec.ts': 151,
  'dashboard.spec.ts': 47,
  'embed.spec.ts': 54,
  // Measured alone on the loaded 2-core machine, 29 Nov 2026 (30 s), not in a CI run.
  'insights.spec.ts': 30,
  'live.spec.ts': 24,
  'no-show-fee.spec.ts': 72,
  'paid-booking.spec.ts': 25,
  'payment-refunds.spec.ts': 45,
  'payments-list.spec.ts': 98,
  'payments-settings.spec.ts': 27,
  'public-booking.spec.ts': 236,
  'roles.spec.ts': 54,
  'services.spec.ts': 113,
  'settings-and-activity.spec.ts': 89,
  'shell.spec.ts': 37,
  // Estimated from two runs of its own (not yet in a fresh-clone run).
  'team-calendar.spec.ts': 70,
  'team.spec.ts': 74,
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
