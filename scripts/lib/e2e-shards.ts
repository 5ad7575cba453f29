import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Seconds each end-to-end file took in a full `npm test` (two shards side by side on the 2-core
 * CI machine, under load; 29 Nov 2026), its tests summed. Only the proportions matter: they
 * split the files into shards that end together, where Playwright's own `--shard` splits by
 * count and left one shard three minutes behind the other. A file not listed counts as an
 * average one; re-measure when a file's time changes much (the list reporter prints each test's).
 */
const MEASURED_SECONDS: Record<string, number> = {
  'auth.spec.ts': 49,
  'billing.spec.ts': 139,
  'booking-customer-account.spec.ts': 37,
  'booking-keyboard.spec.ts': 92,
  'booking-languages.spec.ts': 70,
  'booking-model.spec.ts': 80,
  'booking-not-found.spec.ts': 22,
  'booking-questions.spec.ts': 30,
  'booking-self-service-languages.spec.ts': 32,
  'booking-wizard.spec.ts': 28,
  'business-identity.spec.ts': 49,
  'business-setup.spec.ts': 81,
  'calendar.spec.ts': 106,
  'customer-data-rights.spec.ts': 29,
  'customers.spec.ts': 161,
  'dashboard.spec.ts': 34,
  'embed.spec.ts': 44,
  'live.spec.ts': 17,
  'no-show-fee.spec.ts': 126,
  'paid-booking.spec.ts': 38,
  'payment-refunds.spec.ts': 15,
  'payments-list.spec.ts': 43,
  'payments-settings.spec.ts': 48,
  'public-booking.spec.ts': 168,
  'roles.spec.ts': 60,
  'services.spec.ts': 80,
  'settings-and-activity.spec.ts': 31,
  'shell.spec.ts': 25,
  'team.spec.ts': 73,
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
