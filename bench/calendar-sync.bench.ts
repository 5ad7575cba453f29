/**
 * Availability with members' own calendars connected (issue 25): the availability benchmark's
 * busy business (5 members, 90 days, 5,000 appointments), first without calendars, then with
 * each member holding 1,000 events in a calendar on a real Radicale (a third of them weekly
 * series, the rest single events over the next 90 days), synced by the real job into stored
 * busy times. Public slots for a week and staff availability for 90 days, p95 with calendars
 * against p95 without (target: within 10 %); then a full first sync of one such calendar and an
 * incremental sync of one changed event, timed.
 *
 *   npx tsx bench/calendar-sync.bench.ts            on-disk PGlite in a temporary folder
 *   BENCH_ITERATIONS=200 npx tsx bench/calendar-sync.bench.ts
 */
import { randomBytes } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { ne } from 'drizzle-orm'
import { appConnectorFor } from '../server/calendars/app-connectors.ts'
import { connectedCalendars, externalBusyTimes } from '../server/db/schema.ts'
import { expandStoredBusyTimes } from '../server/jobs/calendar-expansion.ts'
import { syncDueCalendars } from '../server/jobs/calendar-sync.ts'
import { createCredentialCipher } from '../server/security/credential-cipher.ts'
import { type CalDavServer, startRadicale } from '../tests/support/caldav/caldav-servers.ts'
import { eventText, makeCalendar, putObject } from '../tests/support/caldav/calendar-fixtures.ts'
import { connectCalendar } from '../tests/support/calendar-sync/connected-calendar.ts'
import { distribution, machineLine, ms, signUp, startBenchApp } from './bench-support.ts'
import { DAYS, seedBusyBusiness } from './busy-business.ts'

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100)
const WARM_UP = 10
const EVENTS_PER_MEMBER = 1000
const TARGET_RATIO = 1.1
const HOUR = 3_600_000

/** One member's calendar text: 1,000 events, every third a weekly series, the rest single. */
function memberEvents(member: number, from: number): { name: string; text: string }[] {
  const events: { name: string; text: string }[] = []
  for (let n = 0; n < EVENTS_PER_MEMBER; n++) {
    // Spread over the 90 days, at hours of the working day, 30 to 90 minutes long.
    const start = from + (n % DAYS) * 24 * HOUR + (7 + ((n * 7 + member) % 13)) * HOUR
    const end = start + (30 + (n % 3) * 30) * 60_000
    const uid = `bench-${member}-${n}`
    let text = eventText({
      uid,
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      summary: `Event ${n}`,
    })
    if (n % 3 === 0) text = text.replace('DTSTAMP:', 'RRULE:FREQ=WEEKLY;COUNT=12\r\nDTSTAMP:')
    events.push({ name: `${uid}.ics`, text })
  }
  return events
}

async function putAll(
  server: CalDavServer,
  url: string,
  objects: { name: string; text: string }[],
) {
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < objects.length) {
        const object = objects[next++] as { name: string; text: string }
        await putObject(server, url, object.name, object.text)
      }
    }),
  )
}

async function main() {
  const bench = await startBenchApp({ inMemory: false })
  const { app, database } = bench
  const radicale = await startRadicale()
  try {
    const token = await signUp(
      bench.emulatorHost,
      `bench-calendars-${Date.now().toString(36)}@slotwise.test`,
    )
    const headers = { authorization: `Bearer ${token}` }
    const busy = await seedBusyBusiness(app, database, headers)
    const { tenantId, timeZone, memberIds, askedServiceId, firstDate } = busy
    const from = firstDate.toZonedDateTime(timeZone).epochMilliseconds
    const day = 86_400_000
    const scenarios = [
      {
        name: 'public, one member, a week',
        url: `/api/v1/public/availability?business=${busy.slug}&service_id=${askedServiceId}&team_member_id=${memberIds[0]}&from=${new Date(from).toISOString()}&to=${new Date(from + 7 * day).toISOString()}`,
        headers: {},
      },
      {
        name: 'public, any available, a week',
        url: `/api/v1/public/availability?business=${busy.slug}&service_id=${askedServiceId}&from=${new Date(from).toISOString()}&to=${new Date(from + 7 * day).toISOString()}`,
        headers: {},
      },
      {
        name: 'staff, one member, 90 days',
        url: `/api/v1/availability?service_id=${askedServiceId}&team_member_id=${memberIds[0]}&start_date=${firstDate}&end_date=${firstDate.add({ days: DAYS - 1 })}`,
        headers,
      },
      {
        name: 'staff, any available, 90 days',
        url: `/api/v1/availability?service_id=${askedServiceId}&start_date=${firstDate}&end_date=${firstDate.add({ days: DAYS - 1 })}`,
        headers,
      },
    ]
    const measure = async () => {
      const results = new Map<string, { wall: number[]; slots: number }>()
      for (const scenario of scenarios) {
        let slots = 0
        for (let n = 0; n < WARM_UP; n++) {
          const response = await app.inject({
            method: 'GET',
            url: scenario.url,
            headers: scenario.headers,
          })
          if (response.statusCode !== 200) throw new Error(`${scenario.url}: ${response.body}`)
          slots = response.json<{ slots: unknown[] }>().slots.length
        }
        results.set(scenario.name, { wall: [], slots })
      }
      for (let round = 0; round < ITERATIONS; round++) {
        for (const scenario of scenarios) {
          const started = performance.now()
          await app.inject({ method: 'GET', url: scenario.url, headers: scenario.headers })
          results.get(scenario.name)?.wall.push(performance.now() - started)
        }
      }
      return results
    }

    const header = machineLine()
    const without = await measure()

    // Each member's calendar on Radicale, connected and synced by the job.
    const cipher = createCredentialCipher(randomBytes(32))
    const parts = {
      cipher,
      connectorFor: appConnectorFor({ google: undefined, allowPrivateAddresses: true }),
      expandBusyTimes: expandStoredBusyTimes,
    }
    const seedStarted = performance.now()
    const calendars: { url: string; id: string }[] = []
    for (const [member, teamMemberId] of memberIds.entries()) {
      const url = await makeCalendar(radicale, `member-${member}`, { name: `Member ${member}` })
      await putAll(radicale, url, memberEvents(member, from))
      const { calendar } = await connectCalendar(database.db, cipher, {
        tenantId,
        teamMemberId,
        remoteId: url,
        credentials: {
          kind: 'caldav',
          serverUrl: url,
          username: radicale.username,
          password: radicale.password,
        },
      })
      calendars.push({ url, id: calendar.id })
    }
    const seedMs = performance.now() - seedStarted
    // The first sync of each calendar, one at a time, timed alone.
    const fullSyncs: number[] = []
    let clock = Date.now()
    for (let synced = 0; synced < calendars.length; synced++) {
      const started = performance.now()
      const report = await syncDueCalendars(database, parts, { now: clock, batchSize: 1 })
      fullSyncs.push(performance.now() - started)
      if (report.synced !== 1)
        throw new Error(`a full sync did not store: ${JSON.stringify(report)}`)
    }
    const busyRows = await database.db.$count(externalBusyTimes)
    const withCalendars = await measure()

    // One event moved in the first calendar, then the next sync of it alone.
    const first = calendars[0] as { url: string; id: string }
    const moved = memberEvents(0, from + HOUR)[1] as { name: string; text: string }
    await putObject(radicale, first.url, moved.name, moved.text)
    clock += 10 * 60_000
    await database.db
      .update(connectedCalendars)
      .set({ nextSyncAt: new Date(clock + day) })
      .where(ne(connectedCalendars.id, first.id))
    const incrementalStarted = performance.now()
    const incremental = await syncDueCalendars(database, parts, { now: clock })
    const incrementalMs = performance.now() - incrementalStarted
    if (incremental.synced !== 1)
      throw new Error(`the incremental sync: ${JSON.stringify(incremental)}`)

    console.log(`\nCalendar sync benchmark — ${new Date().toISOString()}`)
    console.log(
      `${header} before, ${machineLine().split('load average ')[1]} after; ${bench.databaseLabel}; ` +
        `${memberIds.length} members × ${EVENTS_PER_MEMBER} events on Radicale (a third weekly series of 12) put in ${Math.round(seedMs)} ms, ` +
        `${busyRows.toLocaleString('en')} busy times stored; ${busy.appointments.toLocaleString('en')} appointments; ` +
        `${ITERATIONS} rounds after ${WARM_UP} warm-up requests per scenario, without calendars first, then with.\n`,
    )
    console.log(
      '| scenario | slots without | slots with | p50 without | p95 without | p50 with | p95 with | p95 ratio |',
    )
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
    const missed: string[] = []
    for (const scenario of scenarios) {
      const a = without.get(scenario.name)
      const b = withCalendars.get(scenario.name)
      if (!a || !b) continue
      const [da, db] = [distribution(a.wall), distribution(b.wall)]
      const ratio = db.p95 / da.p95
      if (ratio > TARGET_RATIO) missed.push(scenario.name)
      console.log(
        `| ${scenario.name} | ${a.slots} | ${b.slots} | ${ms(da.p50)} | ${ms(da.p95)} | ${ms(db.p50)} | ${ms(db.p95)} | ${ratio.toFixed(2)} |`,
      )
    }
    console.log(
      `\nFull first sync of a calendar of ${EVENTS_PER_MEMBER} events (fetch, parse, store, expand): ` +
        `${fullSyncs.map((value) => `${Math.round(value)} ms`).join(', ')}; incremental sync of one changed event: ${Math.round(incrementalMs)} ms.`,
    )
    console.log(
      missed.length === 0
        ? `Every p95 with calendars is within ${Math.round((TARGET_RATIO - 1) * 100)} % of the same without.`
        : `Missed the ${Math.round((TARGET_RATIO - 1) * 100)} % target: ${missed.join('; ')}`,
    )
    process.exitCode = missed.length === 0 ? 0 : 1
  } finally {
    radicale.stop()
    await bench.close()
  }
}

await main()
