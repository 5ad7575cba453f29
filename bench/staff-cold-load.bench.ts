/**
 * The staff app's cold load: how long after navigation a signed-in owner sees the dashboard's
 * figures and the calendar's first appointment, in Debian's Chromium with the CPU slowed down
 * and the network throttled through the DevTools protocol. The app runs for real: built SPA,
 * the API on in-memory PGlite with the seeded demo business, the Auth emulator for sign-in.
 *
 * "Cold": a new browser context each time (empty HTTP cache, no module in memory) that holds
 * only what a returning user's browser keeps (localStorage and Firebase's IndexedDB, taken
 * from one sign-in through the login form). "Content visible": the frame after the first
 * element matching the screen's selector is in the document (a MutationObserver notes it, the
 * next animation frame timestamps it), in milliseconds from navigation start.
 *
 *   npx tsx bench/staff-cold-load.bench.ts        (COLD_LOAD_RUNS=7 for more runs)
 */
import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.ts'
import { buildSpaIfStale } from '../scripts/lib/spa-build.ts'
import { DEMO_OWNER, ensureDemoOwner } from '../server/auth/demo-owner.ts'
import { DEMO_TENANT_SLUG } from '../server/db/seed.ts'
import { seedDemoBusiness } from '../server/services/demo-seed.ts'
import { machineLine, PROJECT_ID, startBenchApp } from './bench-support.ts'

/** The target: content on screen within one second of navigation. */
const TARGET_MS = 1000
const RUNS = Number(process.env.COLD_LOAD_RUNS ?? 5)
interface Throttling {
  name: string
  cpuRate: number
  latencyMs: number
  downKbps: number
  upKbps: number
  /** Whether the 1 s target is held to this profile (the run fails above it). */
  holdsTarget: boolean
}

/**
 * The front desk's computer on an office connection: Lighthouse's desktop preset (CPU as this
 * machine's, 40 ms round trip, 10 Mbit/s down), which the target is held to; the staff app is a
 * desktop and tablet app, and the "today" figures (2.1 s, 1.9–2.7 s) were of this kind.
 * Then the same network with the CPU 4× slower (Lighthouse's mobile CPU), reported beside it
 * as the slow machine's figure. COLD_LOAD_CPU and COLD_LOAD_LATENCY run one profile of their own
 * instead (`COLD_LOAD_CPU=1 COLD_LOAD_LATENCY=150` shows the chains of requests).
 */
const OFFICE_NETWORK = { latencyMs: 40, downKbps: 10_000, upKbps: 5_000 }
const PROFILES: Throttling[] =
  process.env.COLD_LOAD_CPU || process.env.COLD_LOAD_LATENCY
    ? [
        {
          name: 'chosen',
          ...OFFICE_NETWORK,
          cpuRate: Number(process.env.COLD_LOAD_CPU ?? 1),
          latencyMs: Number(process.env.COLD_LOAD_LATENCY ?? OFFICE_NETWORK.latencyMs),
          holdsTarget: true,
        },
      ]
    : [
        { name: 'desktop', ...OFFICE_NETWORK, cpuRate: 1, holdsTarget: true },
        { name: 'slow CPU', ...OFFICE_NETWORK, cpuRate: 4, holdsTarget: false },
      ]

const SCREENS = [
  { name: 'dashboard', path: '/dashboard', selector: '[data-testid="figure-today"] dd' },
  {
    name: 'calendar',
    path: '/calendar',
    selector: '.fc-event, [data-testid="calendar-appointment"]',
  },
] as const

interface Visit {
  visibleMs: number
  /** Requests of the first run, for the waterfall. */
  requests: { name: string; startMs: number; endMs: number }[]
}

async function main() {
  const root = new URL('..', import.meta.url).pathname
  buildSpaIfStale(root, (line) => console.log(line))
  const bench = await startBenchApp({ inMemory: true, spaDir: `${root}dist` })
  try {
    await ensureDemoOwner({ projectId: PROJECT_ID })
    await seedDemoBusiness(bench.database, {
      ownerUid: DEMO_OWNER.uid,
      ownerEmail: DEMO_OWNER.email,
      ownerName: DEMO_OWNER.displayName,
    })
    const origin = await bench.app.listen({ port: 0, host: '127.0.0.1' })
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    try {
      const session = await signedInSession(browser, origin)
      console.log(`\nStaff app cold load — ${new Date().toISOString()}`)
      console.log(`${machineLine()}; business ${DEMO_TENANT_SLUG}; ${RUNS} cold visits each`)
      let allWithin = true
      for (const throttling of PROFILES) {
        const results = []
        for (const screen of SCREENS) {
          const visits: Visit[] = []
          const at = `${origin}${screen.path}`
          // One warm-up visit: the server's first answers (PGlite's plans, the SPA's files read
          // from disk) are not what a returning user waits for.
          await visit(browser, session, at, screen.selector, throttling)
          for (let run = 0; run < RUNS; run += 1) {
            visits.push(await visit(browser, session, at, screen.selector, throttling))
          }
          results.push({ screen, visits })
        }
        allWithin = report(throttling, results) && allWithin
      }
      console.log(
        allWithin
          ? `\nEvery screen's median is within ${TARGET_MS} ms where the target holds.`
          : `\nOver target: a median is above ${TARGET_MS} ms.`,
      )
      process.exitCode = allWithin ? 0 : 1
    } finally {
      await browser.close()
    }
  } finally {
    await bench.close()
  }
}

/** Prints one profile's table and first waterfalls; whether its medians meet the target. */
function report(
  throttling: Throttling,
  results: { screen: (typeof SCREENS)[number]; visits: Visit[] }[],
): boolean {
  console.log(
    `\n${throttling.name}: Chromium with CPU ${throttling.cpuRate}× slower, ${throttling.latencyMs} ms latency, ` +
      `${throttling.downKbps / 1000} Mbit/s down, ${throttling.upKbps / 1000} up` +
      (throttling.holdsTarget ? ` (target ${TARGET_MS} ms)\n` : ' (reported)\n'),
  )
  console.log('| content visible (ms from navigation) | median | min | max | runs |')
  console.log('|---|---:|---:|---:|---|')
  let within = true
  for (const { screen, visits } of results) {
    const times = visits.map((v) => v.visibleMs).sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)] ?? Number.NaN
    if (throttling.holdsTarget) within &&= median <= TARGET_MS
    console.log(
      `| ${screen.name} (${screen.selector.split(',')[0]}) | **${Math.round(median)}** | ${Math.round(times[0] ?? Number.NaN)} | ${Math.round(times.at(-1) ?? Number.NaN)} | ${visits.map((v) => Math.round(v.visibleMs)).join(', ')} |`,
    )
  }
  for (const { screen, visits } of results) {
    console.log(`\nWaterfall of the first ${screen.name} visit (ms from navigation):`)
    for (const request of visits[0]?.requests ?? []) {
      console.log(
        `  ${String(Math.round(request.startMs)).padStart(5)} → ${String(Math.round(request.endMs)).padStart(5)}  ${request.name}`,
      )
    }
    console.log(`  ${String(Math.round(visits[0]?.visibleMs ?? 0)).padStart(13)}  content visible`)
  }
  return within
}

/** Signs the demo owner in once through the login form; what the browser then keeps. */
async function signedInSession(browser: Browser, origin: string) {
  const context = await browser.newContext({ baseURL: origin })
  try {
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Email').fill(DEMO_OWNER.email)
    await page.getByLabel('Password').fill(DEMO_OWNER.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/dashboard$/)
    await page.locator(SCREENS[0].selector).first().waitFor()
    return await context.storageState({ indexedDB: true })
  } finally {
    await context.close()
  }
}

type Session = Awaited<ReturnType<BrowserContext['storageState']>>

async function visit(
  browser: Browser,
  session: Session,
  url: string,
  selector: string,
  throttling: Throttling,
): Promise<Visit> {
  const context = await browser.newContext({ storageState: session })
  try {
    const page = await context.newPage()
    // A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
    await page.addInitScript(`
      const observer = new MutationObserver(() => {
        if (!document.querySelector(${JSON.stringify(selector)})) return
        observer.disconnect()
        requestAnimationFrame(() => { globalThis.__contentVisibleAt = performance.now() })
      })
      observer.observe(document, { childList: true, subtree: true })
    `)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latencyMs,
      downloadThroughput: (throttling.downKbps * 1000) / 8,
      uploadThroughput: (throttling.upKbps * 1000) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuRate })
    await page.goto(url, { waitUntil: 'commit' })
    const handle = await page
      .waitForFunction(
        () => (globalThis as { __contentVisibleAt?: number }).__contentVisibleAt,
        undefined,
        { timeout: 30_000 },
      )
      .catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/speed/failed-visit.png' })
        throw new Error(`${url}: no ${selector} on ${page.url()}`, { cause: error })
      })
    const visibleMs = (await handle.jsonValue()) as number
    const requests = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        name:
          new URL(entry.name).origin === location.origin
            ? new URL(entry.name).pathname + new URL(entry.name).search
            : entry.name,
        startMs: entry.startTime,
        endMs: entry.responseEnd,
      })),
    )
    return { visibleMs, requests }
  } finally {
    await context.close()
  }
}

await main()
