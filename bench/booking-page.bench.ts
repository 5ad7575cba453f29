/**
 * The public booking page as a visitor's browser gets it: the JavaScript the first load of
 * /booking fetches (gzipped, as a CDN or proxy would serve it), and Lighthouse's performance
 * and accessibility scores for /booking (mobile, simulated throttling) from Debian's Chromium.
 * The app runs for real: built SPA, the API on embedded PGlite in memory, the seeded demo
 * business as the default business. Exits non-zero when the first load is over 120 KB gzipped.
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

const FIRST_LOAD_BUDGET_KB = 120
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
    const scripts = await firstLoadScripts(url)
    const totalGzip = scripts.reduce((sum, script) => sum + script.gzip, 0)
    const scores = await lighthouseScores(url)

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
    console.log('\n| Lighthouse 12.2.3, /booking, mobile | score |')
    console.log('|---|---:|')
    console.log(`| performance | ${scores.performance} |`)
    console.log(`| accessibility | ${scores.accessibility} |`)
    console.log(
      `| first contentful paint | ${scores.fcp} |\n| largest contentful paint | ${scores.lcp} |\n| total blocking time | ${scores.tbt} |`,
    )
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

async function lighthouseScores(url: string) {
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
    const score = (value: number | null | undefined) =>
      value === null || value === undefined ? 'n/a' : String(Math.round(value * 100))
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      fcp: audits['first-contentful-paint']?.displayValue ?? 'n/a',
      lcp: audits['largest-contentful-paint']?.displayValue ?? 'n/a',
      tbt: audits['total-blocking-time']?.displayValue ?? 'n/a',
    }
  } finally {
    chrome.kill()
  }
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}

await main()
