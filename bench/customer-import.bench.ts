/**
 * Importing a file of 10,000 customers, end to end as the import screen does it: the CSV text
 * parsed with papaparse, its headers mapped by detection, the rows built, then the dry run and
 * the import through the real HTTP stack (`app.inject`, contract validation, a real
 * Auth-emulator token) on embedded PGlite, into a business that already has 5,000 customers
 * (2,000 of the file's rows match one of them by e-mail or phone) next to another business's
 * 3,000.
 *
 *   BENCH=customer-import npm run bench              on-disk PGlite, as `npm start` runs
 *   BENCH=customer-import npm run bench -- --memory  in-memory PGlite
 *
 * Prints each step's wall-clock time and exits non-zero when the whole takes a minute or more.
 */
import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'
import { and, count, eq } from 'drizzle-orm'
import Papa from 'papaparse'
import { customers } from '../server/db/schema.ts'
import type { components } from '../shared/contract/schema.d.ts'
import { detectMapping } from '../src/domain/customer-import-columns.ts'
import { importRowsOf } from '../src/domain/customer-import-rows.ts'
import { signUp, startBenchApp } from './bench-support.ts'
import { customerFixtures, seededRandom } from './customer-fixtures.ts'

type Report = components['schemas']['CustomerImportReport']

const TARGET_MS = 60_000
const FILE_ROWS = 10_000
const EXISTING = 5_000
const MATCHING_EXISTING = 2_000
const OTHER_TENANT_CUSTOMERS = 3_000
const inMemory = process.argv.includes('--memory')

/** A Square Customer Directory export: 10,000 people, every fifth with a note and groups. */
function squareExport(existing: readonly { email?: string | null; name: string }[]): string {
  const random = seededRandom(7)
  const header = [
    'Reference ID',
    'First Name',
    'Surname',
    'Email Address',
    'Phone Number',
    'Birthday',
    'Memo',
    'Groups',
    'Email Subscription Status',
    'Square Customer ID',
  ]
  const lines = Array.from({ length: FILE_ROWS }, (_, n) => {
    const match = n < MATCHING_EXISTING ? existing[n] : undefined
    const [first = 'Ana', last = 'Silva'] = (match?.name ?? `Client${n} Person${n}`).split(' ')
    const email = match?.email ?? `client.${n}@import.example`
    const exchange = 200 + Math.floor(random() * 700)
    const line = String(Math.floor(random() * 10_000)).padStart(4, '0')
    return [
      `R-${n}`,
      first,
      last,
      email,
      `(415) ${exchange}-${line}`,
      '',
      n % 5 === 0 ? `Imported note for client ${n}, prefers "quiet" rooms` : '',
      n % 5 === 0 ? 'VIP, Colour' : '',
      random() < 0.5 ? 'Subscribed' : 'Unsubscribed',
      `SQ${n}`,
    ]
  })
  return Papa.unparse([header, ...lines])
}

async function main() {
  const bench = await startBenchApp({ inMemory })
  const { app, database, emulatorHost } = bench
  try {
    const stamp = Date.now().toString(36)
    const tokens = await Promise.all([
      signUp(emulatorHost, `import-owner-${stamp}@slotwise.test`),
      signUp(emulatorHost, `import-other-${stamp}@slotwise.test`),
    ])
    const tenantIds: string[] = []
    for (const token of tokens) {
      const me = await app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `Bearer ${token}` },
      })
      tenantIds.push(me.json<{ tenant: { id: string } }>().tenant.id)
    }
    const [tenantId, otherTenantId] = tenantIds as [string, string]
    const existing = customerFixtures(tenantId, EXISTING, 1)
    const seeded = [...existing, ...customerFixtures(otherTenantId, OTHER_TENANT_CUSTOMERS, 2)]
    for (let start = 0; start < seeded.length; start += 1000) {
      await database.db.insert(customers).values(seeded.slice(start, start + 1000))
    }
    const file = squareExport(
      existing.filter(
        // The fixtures' accented addresses (émile.…) are ones the customer form refuses too.
        (customer) => /^[\x20-\x7e]+$/.test(customer.email ?? ''),
      ),
    )
    const headers = { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' }

    const timings: [string, number][] = []
    const timed = async <T>(step: string, work: () => T | Promise<T>): Promise<T> => {
      const started = performance.now()
      const result = await work()
      timings.push([step, performance.now() - started])
      return result
    }
    const send = (dryRun: boolean, body: string) =>
      app
        .inject({ method: 'POST', url: '/api/v1/customers/import', headers, payload: body })
        .then((response) => {
          if (response.statusCode !== 200)
            throw new Error(`${dryRun ? 'dry run' : 'import'}: ${response.body.slice(0, 500)}`)
          return response.json<Report>()
        })

    const rows = await timed('parse the CSV, detect the columns, build the rows (browser)', () => {
      const [header = [], ...records] = Papa.parse<string[]>(file).data
      return importRowsOf(records, detectMapping(header))
    })
    const bodyOf = (dryRun: boolean) =>
      JSON.stringify({ dry_run: dryRun, on_duplicate: 'fill', file_name: 'square.csv', rows })
    const dryRun = await timed('dry run (POST, nothing written)', () => send(true, bodyOf(true)))
    const report = await timed('import (POST, one transaction)', () => send(false, bodyOf(false)))
    const total = timings.reduce((sum, [, ms]) => sum + ms, 0)

    const [stored] = await database.db
      .select({ total: count() })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId)))
    console.log(
      `${bench.databaseLabel}, ${cpus().length} cores, load ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    )
    console.log(
      `file: ${FILE_ROWS.toLocaleString('en-US')} rows, ${(file.length / 1e6).toFixed(1)} MB; body ${(bodyOf(false).length / 1e6).toFixed(1)} MB`,
    )
    for (const [step, ms] of timings)
      console.log(`  ${step.padEnd(64)} ${(ms / 1000).toFixed(2)} s`)
    console.log(
      `  ${'total'.padEnd(64)} ${(total / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s)`,
    )
    console.log(
      `dry run: ${JSON.stringify(dryRun.counts)}; import: ${JSON.stringify(report.counts)}`,
    )
    console.log(`customers in the business: ${EXISTING} before, ${stored?.total} after`)
    const expected = EXISTING + report.counts.created
    if (stored?.total !== expected)
      throw new Error(`expected ${expected} customers after the import`)
    if (total >= TARGET_MS) process.exitCode = 1
  } finally {
    await bench.close()
  }
}

await main()
