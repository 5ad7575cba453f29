import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import {
  createBookingPageRenderer,
  injectRenderedPage,
} from '../../../../server/http/server-rendered-page.ts'
import { THEME_BOOT_SCRIPT } from '../../../../server/http/theme-boot-script.ts'

const SHELL =
  '<!doctype html><html lang="en"><head><title>Slotwise Appointments</title></head><body><div id="root"></div></body></html>'

describe('injectRenderedPage', () => {
  const page = injectRenderedPage(
    SHELL,
    {
      html: '<main>Cuts for $& and $1 only</main>',
      title: 'Book · Ana & <Bo> "Hair"',
      formattedMoney: { 'en-US|USD|2500': '$25.00', 'x|</script>|1': '</script><b>' },
    },
    { code: 'de', switchable: true },
  )

  it('puts the markup into the root, marked with the language it was rendered in', () => {
    expect(page).toContain(
      '<div id="root" data-rendered-language="de" data-language-switchable="true"><main>Cuts for $& and $1 only</main></div>',
    )
    expect(page).toContain('<html lang="de">')
  })

  it('writes the business’s title escaped for HTML', () => {
    expect(page).toContain('<title>Book · Ana &amp; &lt;Bo&gt; &quot;Hair&quot;</title>')
  })

  it('carries the amounts the markup shows after the root, in a block no text can close', () => {
    expect(page).toContain(
      '</main></div><script type="application/json" id="slotwise-formatted-money">{"en-US|USD|2500":"$25.00","x|\\u003c/script>|1":"\\u003c/script>\\u003cb>"}</script></body>',
    )
  })

  it('runs the theme’s script first in the head, before the stylesheet paints', () => {
    expect(page).toContain(`<head><script>${THEME_BOOT_SCRIPT}</script><title>`)
  })
})

describe('createBookingPageRenderer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slotwise-ssr-bundle-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const logged: unknown[] = []
  const log = { error: (details: unknown) => logged.push(details) } as unknown as FastifyBaseLogger
  const input = { url: '/booking', catalogue: {}, language: 'en' as const }

  it('leaves every page to the browser when the renderer was not built', async () => {
    const render = createBookingPageRenderer(join(dir, 'missing.js'), log)
    expect(await render(input)).toBeNull()
  })

  it('logs a render that throws and leaves that page to the browser', async () => {
    const bundle = join(dir, 'throws.mjs')
    writeFileSync(
      bundle,
      'export async function renderBookingPage() { throw new Error("render failed") }',
    )
    const render = createBookingPageRenderer(bundle, log)
    expect(await render(input)).toBeNull()
    expect(logged).toHaveLength(1)
  })

  it('hands the renderer the request and returns its page', async () => {
    const bundle = join(dir, 'echo.mjs')
    writeFileSync(
      bundle,
      'export async function renderBookingPage(input) { return { html: input.url + " in " + input.language, title: "t" } }',
    )
    const render = createBookingPageRenderer(bundle, log)
    expect(await render({ ...input, language: 'fr' })).toEqual({
      html: '/booking in fr',
      title: 't',
    })
  })
})
