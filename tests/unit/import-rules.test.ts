/**
 * The folder rules of docs/architecture.md, held against the linter: each case writes one
 * import into a file of that folder (in a scratch copy of the layout, with the repository's
 * own biome.json) and expects Biome to refuse it or let it through. A rule loosened or lost in
 * biome.json fails here, not in review.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

interface ImportCase {
  /** Where the importing file sits, as in the repository. */
  file: string
  /** What it imports (a relative path as that file would write it, or a package). */
  from: string
}

const refused: ImportCase[] = [
  // Item 4: client folders mean what they say.
  { file: 'src/components/probe.tsx', from: '../routes/team-screen' },
  { file: 'src/components/form/probe.tsx', from: '../../routes/services/service-form' },
  { file: 'src/api/probe.ts', from: '../components/form/problem-field-errors' },
  { file: 'src/api/probe.ts', from: '../routes/booking/booking-effects' },
  { file: 'src/api/probe.ts', from: '../machines/booking.machine' },
  { file: 'src/api/probe.ts', from: 'react' },
  { file: 'src/machines/probe.machine.ts', from: 'react' },
  { file: 'src/machines/probe.machine.ts', from: '@xstate/react' },
  { file: 'src/machines/probe.machine.ts', from: 'wouter' },
  { file: 'src/machines/probe.machine.ts', from: 'firebase/auth' },
  { file: 'src/machines/probe.machine.ts', from: 'openapi-fetch' },
  { file: 'src/machines/probe.machine.ts', from: '../components/main-layout' },
  { file: 'src/machines/probe.machine.ts', from: '../routes/booking/booking-effects' },
  { file: 'src/domain/probe.ts', from: '../machines/auth.machine' },
  { file: 'src/domain/probe.ts', from: 'xstate' },
  { file: 'src/app/probe.ts', from: '../routes/route-table' },
  // Item 4 of issue 23: the browser by feature; a feature never imports another feature.
  { file: 'src/features/payments/probe.tsx', from: '../activity/activity-filter-bar' },
  { file: 'src/features/payments/probe.tsx', from: '../activity/activity-log.css' },
  { file: 'src/features/payments/probe.tsx', from: '../../features/activity/api' },
  { file: 'src/features/customers/customer-import/probe.tsx', from: '../../dashboard/api' },
  { file: 'src/features/team/probe.tsx', from: '../../routes/route-table' },
  { file: 'src/features/team/probe.tsx', from: '../../../server/domain/working-hours.ts' },
  { file: 'src/features/team/probe.tsx', from: 'node:fs' },
  { file: 'src/components/probe.tsx', from: '../features/team/team-screen' },
  { file: 'src/machines/probe.machine.ts', from: '../features/booking/effects' },
  { file: 'src/api/probe.ts', from: '../features/customers/api' },
  { file: 'src/domain/probe.ts', from: '../features/calendar/calendar-events' },
  { file: 'src/app/probe.ts', from: '../features/auth/login-screen' },
  // Item 3: the two sides meet only in shared/.
  { file: 'src/routes/probe.tsx', from: '../../server/domain/working-hours.ts' },
  { file: 'src/routes/probe.tsx', from: 'node:fs' },
  { file: 'src/routes/probe.tsx', from: 'drizzle-orm' },
  { file: 'server/plugins/probe.ts', from: '../../src/api/client' },
  { file: 'server/http/probe.ts', from: 'react' },
  // Item 2 of issue 23: server/http is the edge; what reads the database is handed to it.
  { file: 'server/http/probe.ts', from: '../db/repositories/tenant-repository.ts' },
  { file: 'server/http/probe.ts', from: '../services/public/public-catalog-service.ts' },
  { file: 'shared/probe.ts', from: '../src/api/client' },
  { file: 'shared/probe.ts', from: '../server/domain/working-hours.ts' },
  { file: 'shared/probe.ts', from: 'node:crypto' },
  // Item 2: thin routes, SQL only in server/db, pure domain.
  { file: 'server/routes/probe.ts', from: '../db/repositories/customer-repository.ts' },
  { file: 'server/routes/probe.ts', from: '../db/database.ts' },
  { file: 'server/routes/probe.ts', from: 'drizzle-orm' },
  { file: 'server/routes/probe.ts', from: '../plugins/auth.ts' },
  { file: 'server/services/probe.ts', from: 'drizzle-orm' },
  { file: 'server/services/probe.ts', from: '../routes/customers.ts' },
  { file: 'server/domain/probe.ts', from: '../db/schema.ts' },
  { file: 'server/domain/probe.ts', from: '../services/booking/booking-service.ts' },
  { file: 'server/domain/probe.ts', from: 'fastify' },
  { file: 'server/jobs/probe.ts', from: 'drizzle-orm' },
  { file: 'server/notifications/probe.ts', from: 'drizzle-orm' },
  { file: 'server/realtime/probe.ts', from: 'drizzle-orm' },
  { file: 'server/db/probe.ts', from: '../services/booking/booking-service.ts' },
  { file: 'server/db/repositories/probe.ts', from: '../../http/problem.ts' },
  // Billing: one module speaks to Stripe; the rest of the server sees its snapshots.
  { file: 'server/services/probe.ts', from: 'stripe' },
  { file: 'server/routes/probe.ts', from: 'stripe' },
  { file: 'server/routes/probe.ts', from: '../payments/stripe-gateway.ts' },
  { file: 'server/domain/probe.ts', from: '../payments/stripe-gateway.ts' },
  { file: 'server/payments/probe.ts', from: '../db/repositories/billing-repository.ts' },
  { file: 'server/payments/probe.ts', from: '../services/billing/billing-service.ts' },
  { file: 'src/routes/probe.tsx', from: 'stripe' },
  { file: 'shared/probe.ts', from: 'stripe' },
  { file: 'local-stripe/probe.ts', from: '../server/payments/stripe-gateway.ts' },
  { file: 'local-stripe/routes/probe.ts', from: '../../shared/plan-limits.ts' },
  { file: 'local-google/probe.ts', from: '../server/calendars/connector.ts' },
  { file: 'local-google/calendar/probe.ts', from: '../../shared/permissions.ts' },
  // Calendar sync: the connectors speak to the providers; the rest sees plain events.
  { file: 'server/calendars/probe.ts', from: '../db/repositories/appointment-repository.ts' },
  { file: 'server/calendars/caldav/probe.ts', from: '../../services/booking/booking-service.ts' },
  { file: 'server/domain/probe.ts', from: '../calendars/connector.ts' },
  { file: 'server/domain/probe.ts', from: 'tsdav' },
  { file: 'server/services/probe.ts', from: '@googleapis/calendar' },
  { file: 'server/db/probe.ts', from: 'tsdav' },
]

const allowed: ImportCase[] = [
  { file: 'server/calendars/caldav/probe.ts', from: 'tsdav' },
  { file: 'server/calendars/probe.ts', from: '../domain/calendar-sync/external-event.ts' },
  { file: 'server/domain/calendar-sync/probe.ts', from: 'ical.js' },
  { file: 'server/jobs/probe.ts', from: '../calendars/connector.ts' },
  { file: 'src/components/probe.tsx', from: '../domain/appointment-time' },
  { file: 'src/components/probe.tsx', from: '../api/client' },
  { file: 'src/machines/probe.machine.ts', from: 'xstate' },
  { file: 'src/machines/probe.machine.ts', from: '../domain/appointment-time' },
  { file: 'src/machines/probe.machine.ts', from: '../../shared/permissions.ts' },
  { file: 'src/api/probe.ts', from: 'openapi-fetch' },
  { file: 'src/api/probe.ts', from: '../../shared/contract/schema' },
  { file: 'src/api/probe.ts', from: '../app/storage' },
  { file: 'src/routes/probe.tsx', from: '../components/main-layout' },
  { file: 'src/routes/probe.tsx', from: '../features/booking/booking-start-screen' },
  { file: 'src/probe.tsx', from: './features/booking/wizard-actor' },
  { file: 'src/features/payments/probe.tsx', from: './api' },
  { file: 'src/features/payments/probe.tsx', from: '../../api/client' },
  { file: 'src/features/payments/probe.tsx', from: '../../components/form/day-range-field' },
  { file: 'src/features/payments/probe.tsx', from: '../../domain/day-range' },
  { file: 'src/features/payments/probe.tsx', from: '../../machines/cursor-feed.machine' },
  { file: 'src/features/payments/probe.tsx', from: '../../../shared/payment-rules.ts' },
  { file: 'src/features/site/probe.tsx', from: '../../routes/booking-path' },
  { file: 'src/features/customers/customer-import/probe.tsx', from: '../api' },
  {
    file: 'src/features/customers/customer-import/probe.tsx',
    from: '../../../components/form/text-field',
  },
  { file: 'server/routes/probe.ts', from: '../services/customer-service.ts' },
  { file: 'server/routes/probe.ts', from: '../http/problem.ts' },
  { file: 'server/services/probe.ts', from: '../db/repositories/customer-repository.ts' },
  { file: 'server/db/repositories/probe.ts', from: 'drizzle-orm' },
  { file: 'server/db/repositories/probe.ts', from: '../../domain/working-hours.ts' },
  { file: 'server/domain/probe.ts', from: '../../shared/permissions.ts' },
  { file: 'shared/probe.ts', from: './permissions.ts' },
  { file: 'server/payments/probe.ts', from: 'stripe' },
  { file: 'server/payments/probe.ts', from: '../domain/plan-in-force.ts' },
  { file: 'server/services/probe.ts', from: '../payments/stripe-gateway.ts' },
  { file: 'server/services/probe.ts', from: '../../shared/plan-limits.ts' },
  { file: 'local-stripe/routes/probe.ts', from: 'stripe' },
  { file: 'local-google/calendar/probe.ts', from: '@googleapis/calendar' },
]

/** Reads globals the API client must not: the page's address belongs to its caller. */
const refusedGlobals = [
  { file: 'src/api/probe-location.ts', code: 'export const business = window.location.search' },
  { file: 'src/machines/probe-fetch.machine.ts', code: "export const load = () => fetch('/x')" },
  { file: 'shared/probe-process.ts', code: 'export const mode = process.env.NODE_ENV' },
]

let scratch: string
/** Files Biome reported, with the rule of each report. */
const reports = new Map<string, string[]>()

function probeFile(index: number, file: string): string {
  // One file per case, so each report names exactly one import.
  return file.replace(/(\.machine)?\.(tsx?)$/, `-${index}$1.$2`)
}

const cases = [
  ...refused.map((c, index) => ({ ...c, path: probeFile(index, c.file), expected: 'refused' })),
  ...allowed.map((c, index) => ({
    ...c,
    path: probeFile(100 + index, c.file),
    expected: 'allowed',
  })),
]

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'slotwise-import-rules-'))
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))
  // The scratch folder is no git checkout; everything in it is a probe to lint.
  config.vcs = { enabled: false }
  config.files = { ignoreUnknown: true }
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config))
  const write = (path: string, code: string) => {
    mkdirSync(dirname(join(scratch, path)), { recursive: true })
    writeFileSync(join(scratch, path), `${code}\n`)
  }
  for (const c of cases)
    write(c.path, `import { probe } from '${c.from}'\nexport const used = probe`)
  for (const g of refusedGlobals) write(g.file, g.code)

  const biome = spawnSync(join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
    cwd: scratch,
    encoding: 'utf8',
  })
  const json = biome.stdout.slice(biome.stdout.indexOf('{'))
  const result = JSON.parse(json) as {
    diagnostics: { category: string; location: { path: string } }[]
  }
  for (const diagnostic of result.diagnostics) {
    const path = diagnostic.location.path
    reports.set(path, [...(reports.get(path) ?? []), diagnostic.category])
  }
})

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('folder import rules (biome.json)', () => {
  it.each(cases.filter((c) => c.expected === 'refused'))('$file may not import $from', (c) => {
    expect(reports.get(c.path)).toContain('lint/style/noRestrictedImports')
  })

  it.each(cases.filter((c) => c.expected === 'allowed'))('$file may import $from', (c) => {
    expect(reports.get(c.path) ?? []).not.toContain('lint/style/noRestrictedImports')
  })

  it.each(refusedGlobals)('$file may not read a global: $code', (g) => {
    expect(reports.get(g.file)).toContain('lint/style/noRestrictedGlobals')
  })
})
