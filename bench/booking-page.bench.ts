/**
 * The public booking page as a visitor's browser gets it: the JavaScript the first load of
 * /booking fetches (gzipped, as a CDN or proxy would serve it), and Lighthouse's performance
 * and accessibility scores for /booking (mobile, simulated throttling) from Debian's Chromium.
 * Lighthouse runs three times per page and the median of each figure is reported, for /booking,
 * the time step (/booking/calendar/{serviceId}/{teamMemberId}) and the embed (/embed/booking).
 * The app runs for real: built SPA, the API on embedded PGlite in memory, the seeded demo
 * business as the default business. Exits non-zero when the first load is over 100 KB gzipped.
 *
 *   npx tsx bench/booking-page.bench.ts
 */
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.ts'
import { buildSpaIfStale } from '../scripts/lib/spa-build.ts'
import { buildApp } from '../server/app.ts'
import { createDatabase } from '../server/db/database.ts'
import { DEMO_TENANT_SLUG } from '../server/db/seed.ts'
import { seedDemoBusiness } from '../server/services/demo-seed.ts'
import { machineLine } from './bench-support.ts'

const FIRST_LOAD_BUDGET_KB = 100
const LIGHTHOUSE_RUNS = 3
const root = new URL('..', import.meta.url).pathname

async function main() {
  buildSpaIfStale(root, (line) => console.log(line))
  const database = await createDatabase({})
  await database.migrate()
  await seedDemoBusiness(database, {
    ownerUid: 'bench-owner',
    ownerEmail: 'owner@bench.test',
    ownerName: 'Bench Owner',
  })
  const app = await buildApp({
    database,
    auth: { projectId: 'demo-slotwise', emulator: false },
    corsOrigins: [],
    clientConfig: {
      firebase: { apiKey: 'bench', authDomain: '', projectId: 'demo-slotwise', appId: '' },
      authEmulatorUrl: null,
      sentryDsn: null,
      environment: 'bench',
    },
    spaDir: `${root}dist`,
    serverRenderBundle: `${root}dist-ssr/booking-page.js`,
    logger: false,
    publicBooking: {
      secret: 'bench-secret-bench-secret-bench-secret-0123',
      publicUrl: 'http://127.0.0.1',
      defaultBusiness: DEMO_TENANT_SLUG,
    },
  })
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const url = `${address}/booking`
  try {
    const pages = [
      { name: '/booking', url },
      { name: 'time step', url: `${address}${await timeStepPath(app)}` },
      // The booking page in a frame on a business's website: the same wizard under /embed.
      { name: 'embed', url: `${address}/embed/booking` },
    ]
    const scripts = await firstLoadScripts(url)
    const totalGzip = scripts.reduce((sum, script) => sum + script.gzip, 0)
    const otherTotals = []
    for (const page of pages.slice(1)) {
      const loaded = await firstLoadScripts(page.url)
      otherTotals.push(
        `${page.name} ${kb(loaded.reduce((sum, script) => sum + script.gzip, 0))} KB`,
      )
    }
    const medians = []
    for (const page of pages) medians.push(await medianScores(page.url))

    console.log(`\nBooking page benchmark — ${new Date().toISOString()}`)
    console.log(`${machineLine()}; ${url}\n`)
    console.log('| JavaScript of the first load of /booking | raw KB | gzip KB |')
    console.log('|---|---:|---:|')
    for (const script of scripts) {
      console.log(`| ${script.path} | ${kb(script.raw)} | ${kb(script.gzip)} |`)
    }
    console.log(
      `| **total** | **${kb(scripts.reduce((sum, s) => sum + s.raw, 0))}** | **${kb(totalGzip)}** |`,
    )
    console.log(`\nFirst load of the other pages, gzipped: ${otherTotals.join('; ')}.`)
    console.log(
      `\n| Lighthouse 12.2.3, mobile, median of ${LIGHTHOUSE_RUNS} | ${pages.map((page) => page.name).join(' | ')} |`,
    )
    console.log(`|---|${pages.map(() => '---:').join('|')}|`)
    const rows: [string, (scores: Scores) => string][] = [
      ['performance', (scores) => String(scores.performance)],
      ['accessibility', (scores) => String(scores.accessibility)],
      ['first contentful paint', (scores) => seconds(scores.fcp)],
      ['largest contentful paint', (scores) => seconds(scores.lcp)],
      ['total blocking time', (scores) => `${Math.round(scores.tbt)} ms`],
      ['cumulative layout shift', (scores) => scores.cls.toFixed(3)],
      ['performance of each run', (scores) => scores.runs],
    ]
    for (const [label, show] of rows) {
      console.log(`| ${label} | ${medians.map(show).join(' | ')} |`)
    }
    const withinBudget = totalGzip <= FIRST_LOAD_BUDGET_KB * 1024
    console.log(
      withinBudget
        ? `\nThe first load is ${kb(totalGzip)} KB gzipped, within the ${FIRST_LOAD_BUDGET_KB} KB budget.`
        : `\nOver budget: the first load is ${kb(totalGzip)} KB gzipped (budget ${FIRST_LOAD_BUDGET_KB} KB).`,
    )
    process.exitCode = withinBudget ? 0 : 1
  } finally {
    await app.close()
    await database.close()
  }
}

/** Every script the page loads until the network is quiet, with its gzipped size. */
async function firstLoadScripts(url: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browser.newPage()
    const bodies: Promise<{ path: string; raw: number; gzip: number }>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      bodies.push(
        response.body().then((body) => ({
          path: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    return (await Promise.all(bodies)).sort((a, b) => b.gzip - a.gzip)
  } finally {
    await browser.close()
  }
}

/** A wizard page past the first step: the seeded business's first service and its first member. */
async function timeStepPath(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const services = (await app.inject('/api/v1/public/services')).json() as {
    items: { id: string; team_member_ids?: string[] }[]
  }
  const members = (await app.inject('/api/v1/public/team-members')).json() as {
    items: { id: string }[]
  }
  const service = services.items[0]
  const member =
    members.items.find((candidate) => service?.team_member_ids?.includes(candidate.id)) ??
    members.items[0]
  if (!service || !member) throw new Error('The demo business has no service or team member.')
  return `/booking/calendar/${service.id}/${member.id}`
}

interface Scores {
  performance: number
  accessibility: number
  /** Milliseconds. */
  fcp: number
  lcp: number
  tbt: number
  cls: number
  /** The performance score of each run, for the spread. */
  runs: string
}

/** Lighthouse several times in a row; each figure is the median of its runs. */
async function medianScores(url: string): Promise<Scores> {
  const runs: Omit<Scores, 'runs'>[] = []
  // A run Lighthouse could not score (it reports no performance) is run again, at most twice
  // in all, and said in the spread; the medians are of the scored runs only.
  let failed = 0
  while (runs.length < LIGHTHOUSE_RUNS && failed <= 2) {
    const scores = await lighthouseScores(url)
    if (Number.isNaN(scores.performance)) failed += 1
    else runs.push(scores)
  }
  const median = (pick: (scores: Omit<Scores, 'runs'>) => number) => {
    const values = runs.map(pick).sort((a, b) => a - b)
    return values[Math.floor(values.length / 2)] ?? Number.NaN
  }
  return {
    performance: median((scores) => scores.performance),
    accessibility: median((scores) => scores.accessibility),
    fcp: median((scores) => scores.fcp),
    lcp: median((scores) => scores.lcp),
    tbt: median((scores) => scores.tbt),
    cls: median((scores) => scores.cls),
    runs: `${runs.map((scores) => scores.performance).join(', ')}${failed ? ` (${failed} unscored run${failed > 1 ? 's' : ''} repeated)` : ''}`,
  }
}

async function lighthouseScores(url: string): Promise<Omit<Scores, 'runs'>> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    })
    if (!result) throw new Error('Lighthouse returned nothing.')
    const { categories, audits } = result.lhr
    const score = (value: number | null | undefined) => Math.round((value ?? Number.NaN) * 100)
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    }
  } finally {
    chrome.kill()
  }
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}

await main()
