import { createServer, type Server } from 'node:http'
import { type Browser, expect, type Frame, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from '../support/e2e/accessibility.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import {
  connectStripe,
  payOnCheckoutPage,
  setPaymentRule,
  staffTokenOf,
} from '../support/e2e/paid-booking.ts'
import { appPort } from '../support/e2e/ports.ts'
import { BUSINESS, chooseTimeFrom, signInAsStaff } from '../support/e2e/public-booking.ts'

/**
 * The booking page embedded in a website of another origin: a tiny host server on its own
 * port serves pages with the copy-paste snippets, and Chromium enforces the app's framing
 * headers for real. The business's allowed websites are set through the staff API.
 */

const APP = `http://127.0.0.1:${appPort}`
// Another port and another host name: a different origin (and site) from the app.
const HOST_PORT = Number(process.env.E2E_EMBED_HOST_PORT ?? appPort + 10)
const HOST = `http://localhost:${HOST_PORT}`

const SCRIPT = `<script src="${APP}/embed.js" async></script>`
const HOST_PAGES: Record<string, string> = {
  // Twice on purpose: the host script must cope with being included twice.
  '/inline': `<h1>Harbor Street on its own site</h1>
    <div data-slotwise-booking data-business="${BUSINESS}"></div>${SCRIPT}${SCRIPT}`,
  '/popup': `<h1>Harbor Street on its own site</h1>
    <p><a href="#top">Before</a></p>
    <button type="button" data-slotwise-booking-popup data-business="${BUSINESS}">Book with us</button>
    <p><a href="#top">After</a></p>${SCRIPT}`,
  // A site that frames the plain booking page, not the embed route.
  '/plain': `<h1>Framing the plain booking page</h1>
    <iframe title="plain" src="${APP}/booking?business=${BUSINESS}" style="width:100%;height:600px"></iframe>`,
}

let server: Server
let staff: Page

function hostPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Host</title>
<script>
  window.bookedEvents = [];
  window.addEventListener('slotwise:booked', (event) => window.bookedEvents.push(event.detail.appointmentId));
</script></head><body><main>${body}</main></body></html>`
}

async function setEmbedSettings(settings: { embed_origins: string[]; embed_any_origin: boolean }) {
  const token = await staff.evaluate(() => localStorage.getItem('authToken'))
  const response = await staff.request.put(`${APP}/api/v1/settings/embed`, {
    headers: { Authorization: `Bearer ${token}` },
    data: settings,
  })
  expect(response.status(), await response.text()).toBe(200)
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  server = createServer((request, response) => {
    const body = HOST_PAGES[request.url ?? '']
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
    response.end(body ? hostPage(body) : 'not found')
  })
  // Every interface, so `localhost` answers whether Chromium tries ::1 or 127.0.0.1 first.
  await new Promise<void>((resolve) => server.listen(HOST_PORT, resolve))
  staff = await signInAsStaff(browser)
})

test.afterAll(async () => {
  await setEmbedSettings({ embed_origins: [], embed_any_origin: false })
  await staff?.context().close()
  await new Promise((resolve) => server?.close(resolve))
})

/** The frame's own document, once it has navigated to the app. */
async function embedFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(`${APP}/embed/`))).toBe(true)
  const frame = page.frames().find((f) => f.url().startsWith(`${APP}/embed/`))
  if (!frame) throw new Error('no embed frame')
  return frame
}

async function frameHeight(page: Page): Promise<number> {
  return (await page.locator('iframe.slotwise-embed-frame').boundingBox())?.height ?? 0
}

/** The frame is exactly as tall as the page in it: nothing to scroll inside. */
async function expectFitted(page: Page, frame: Frame) {
  await expect
    .poll(async () => {
      const content = await frame.evaluate(() =>
        Math.ceil(document.querySelector('.p-embed')?.getBoundingClientRect().height ?? 0),
      )
      return Math.abs(content - (await frameHeight(page)))
    })
    .toBeLessThanOrEqual(1)
}

test('on an allowed website the frame loads, fits each step, books and tells the host', async ({
  page,
}) => {
  await setEmbedSettings({ embed_origins: [HOST], embed_any_origin: false })
  await page.setViewportSize({ width: 1024, height: 800 })
  await page.goto(`${HOST}/inline`)

  // Included twice, it still made one frame.
  await expect(page.locator('iframe')).toHaveCount(1)
  const embed = page.frameLocator('iframe.slotwise-embed-frame')
  await expect(embed.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()
  const frame = await embedFrame(page)
  expect(new URL(frame.url()).pathname).toBe('/embed/booking')
  // No site chrome in the frame: no header with the product's links.
  await expect(embed.getByRole('banner')).toHaveCount(0)
  await expectFitted(page, frame)
  const startHeight = await frameHeight(page)

  await embed.getByRole('button', { name: /Signature Haircut/ }).click()
  await expect(embed.getByRole('heading', { level: 1, name: 'Choose a team member' })).toBeVisible()
  expect(new URL(frame.url()).pathname).toMatch(/^\/embed\/booking\/service\/[0-9a-f-]+\/team$/)
  await expectFitted(page, frame)
  await embed.getByRole('button', { name: /Any available/ }).click()
  await expect(embed.getByRole('heading', { level: 1, name: 'Choose a time' })).toBeVisible()
  expect(new URL(frame.url()).pathname).toMatch(/^\/embed\/booking\/calendar\//)
  await expectFitted(page, frame)
  // The steps are not all of a height: the frame followed them.
  expect(await frameHeight(page)).not.toBe(startHeight)

  // A week ahead, past the cutoffs, as the wizard counts days (the browser's zone).
  await chooseTimeFrom(
    embed,
    await page.evaluate(() =>
      new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() + 7 * 86_400_000)),
    ),
  )
  await expect(embed.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible()
  expect(new URL(frame.url()).pathname).toMatch(/^\/embed\/booking\/customer-info\//)
  await expectFitted(page, frame)

  await embed.getByLabel('Name').fill('Emma Bedded')
  await embed.getByLabel('E-mail').fill(uniqueEmail('embed'))
  await embed.getByRole('button', { name: 'Book now' }).click()
  await expect(embed.getByText(/You're booked, Emma Bedded/)).toBeVisible()
  const confirmation = /^\/embed\/booking\/confirmation\/([0-9a-f-]{36})$/.exec(
    new URL(frame.url()).pathname,
  )
  expect(confirmation).not.toBeNull()
  await expectFitted(page, frame)
  // axe looks into the frame too.
  await expectNoAxeViolations(page)

  // The host page got one `slotwise:booked` event, with the appointment's id.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { bookedEvents: string[] }).bookedEvents))
    .toEqual([confirmation?.[1]])
})

test('a paid service is paid in a new tab (Stripe refuses frames); the host hears once it is paid', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await connectStripe(staff)
  const token = await staffTokenOf(staff)
  const services = (await (
    await staff.request.get(`${APP}/api/v1/public/services?business=${BUSINESS}`)
  ).json()) as { items: { id: string; name: string }[] }
  const serviceId = services.items.find((service) => service.name === 'Blowout & Style')?.id ?? ''
  await setPaymentRule(staff.request, token, serviceId, { kind: 'full' })
  try {
    await setEmbedSettings({ embed_origins: [HOST], embed_any_origin: false })
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.goto(`${HOST}/inline`)
    const embed = page.frameLocator('iframe.slotwise-embed-frame')
    await embed.getByRole('button', { name: /Blowout & Style/ }).click()
    await embed.getByRole('button', { name: /Any available/ }).click()
    await chooseTimeFrom(
      embed,
      await page.evaluate(() =>
        new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() + 8 * 86_400_000)),
      ),
    )
    await embed.getByLabel('Name').fill('Paula Framed')
    await embed.getByLabel('E-mail').fill(uniqueEmail('embed-paid'))
    const opened = page.context().waitForEvent('page')
    await embed.getByRole('button', { name: 'Continue to payment' }).click()

    // Stripe's page opens on top, in a tab of its own; the frame stays and waits.
    const checkout = await opened
    await expect(checkout.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible()
    await expect(embed.getByText(/Complete your payment in the new tab/)).toBeVisible()
    await expect(embed.getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'href',
      checkout.url(),
    )
    const frame = await embedFrame(page)
    expect(new URL(frame.url()).pathname).toMatch(/^\/embed\/booking\/payment\/[0-9a-f-]{36}$/)
    // Nothing booked yet: a hold is not a booking.
    expect(
      await page.evaluate(() => (window as unknown as { bookedEvents: string[] }).bookedEvents),
    ).toEqual([])

    await payOnCheckoutPage(checkout, '4242 4242 4242 4242')
    // The paying tab comes back to the booking page on Slotwise's own address, confirmed.
    await expect(checkout).toHaveURL(/\/booking\/confirmation\/[0-9a-f-]{36}\?/)
    await expect(checkout.getByText("You're booked, Paula Framed")).toBeVisible()
    const appointmentId = /\/booking\/confirmation\/([0-9a-f-]{36})/.exec(checkout.url())?.[1]
    await checkout.close()

    // The frame learns it by itself and tells the host page, once.
    await expect(embed.getByText("You're booked, Paula Framed")).toBeVisible({ timeout: 20_000 })
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { bookedEvents: string[] }).bookedEvents),
      )
      .toEqual([appointmentId])
  } finally {
    await setPaymentRule(staff.request, token, serviceId, { kind: 'none' })
  }
})

test('on a website the business did not list, the browser refuses the frame', async ({ page }) => {
  await setEmbedSettings({ embed_origins: ['https://www.example.com'], embed_any_origin: false })
  const answered = page.waitForResponse(`${APP}/embed/booking?business=${BUSINESS}`)
  await page.goto(`${HOST}/inline`)

  // The app answered; the browser refused to show the answer in the frame.
  expect((await answered).status()).toBe(200)
  await expect(page.locator('iframe.slotwise-embed-frame')).toHaveCount(1)
  await expect
    .poll(() => page.frames().map((frame) => frame.url()))
    .toEqual([`${HOST}/inline`, 'chrome-error://chromewebdata/'])
  const embed = page.frameLocator('iframe.slotwise-embed-frame')
  await expect(embed.getByRole('heading', { name: 'Book an appointment' })).toHaveCount(0)
})

test('the plain booking page refuses any frame, even from an allowed website', async ({ page }) => {
  await setEmbedSettings({ embed_origins: [HOST], embed_any_origin: true })
  const answered = page.waitForResponse(`${APP}/booking?business=${BUSINESS}`)
  await page.goto(`${HOST}/plain`)

  expect((await answered).status()).toBe(200)
  await expect
    .poll(() => page.frames().map((frame) => frame.url()))
    .toEqual([`${HOST}/plain`, 'chrome-error://chromewebdata/'])
  const plain = page.frameLocator('iframe[title="plain"]')
  await expect(plain.getByRole('heading', { name: 'Book an appointment' })).toHaveCount(0)
})

test('the popup button opens a modal dialog that Escape closes, focus returning', async ({
  page,
}) => {
  await setEmbedSettings({ embed_origins: [], embed_any_origin: true })
  await page.setViewportSize({ width: 375, height: 700 })
  await page.goto(`${HOST}/popup`)

  const button = page.getByRole('button', { name: 'Book with us' })
  await expect(button).toHaveAttribute('aria-haspopup', 'dialog')
  await button.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Book an appointment' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAttribute('aria-modal', 'true')
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
  // The page behind is inert while the dialog is open: Tab never leaves the dialog.
  for (let press = 0; press < 3; press += 1) {
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') != null)).toBe(true)
  }
  await dialog.getByRole('button', { name: 'Close' }).focus()
  // It fits a 375 px phone.
  const box = await dialog.boundingBox()
  expect(box?.width ?? 999).toBeLessThanOrEqual(375)

  const embed = page.frameLocator('iframe.slotwise-embed-frame')
  await expect(embed.getByRole('heading', { level: 1, name: 'Book an appointment' })).toBeVisible()
  // The frame's page is rendered on the server, so its heading shows before its scripts run.
  // Its layout reports its height and starts listening for Escape in the same commit: a height
  // on the frame says the page inside hears the key (CI pressed it before, once, and waited).
  await expect(page.locator('iframe.slotwise-embed-frame')).toHaveAttribute('style', /height/)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()

  // Escape pressed inside the frame closes it too (the frame tells the host page).
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await embed.getByRole('button', { name: /Signature Haircut/ }).focus()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(button).toBeFocused()
})

test('Settings lists the allowed websites and gives the snippets to copy', async () => {
  await setEmbedSettings({ embed_origins: [], embed_any_origin: false })
  await staff.setViewportSize({ width: 375, height: 800 })
  await staff.goto(`${APP}/settings`)
  await staff.getByRole('link', { name: 'Booking page on your website' }).click()
  await expect(staff.getByRole('heading', { level: 1, name: 'Website Embed' })).toBeVisible()

  // The snippets carry this installation's real address and the business's handle.
  const inline = staff.locator('pre').first()
  await expect(inline).toContainText(`<div data-slotwise-booking data-business="${BUSINESS}">`)
  await expect(inline).toContainText(`<script src="${APP}/embed.js" async></script>`)
  await expect(staff.locator('pre').nth(1)).toContainText('data-slotwise-booking-popup')
  // Nothing sticks out sideways on a phone.
  expect(
    await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true)
  await staff.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP })
  await staff.getByRole('button', { name: 'Copy code: On the page' }).click()
  await expect(staff.getByText(/is on your clipboard/)).toBeVisible()
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toContain(
    'data-slotwise-booking',
  )

  const websites = staff.getByLabel('Your websites')
  await websites.fill('https://www.example.com\nhttps://example.com/booking')
  await staff.getByRole('button', { name: 'Save changes' }).click()
  await expect(websites).toHaveAttribute('aria-invalid', 'true')
  await expect(staff.getByText(/“https:\/\/example\.com\/booking”: .*website origin/)).toBeVisible()

  await websites.fill('https://WWW.example.com/\nhttp://localhost:8691')
  await staff.getByRole('button', { name: 'Save changes' }).click()
  await expect(staff.getByText('Embed settings saved')).toBeVisible()
  await staff.reload()
  await expect(staff.getByLabel('Your websites')).toHaveValue(
    'https://www.example.com\nhttp://localhost:8691',
  )
  await expectNoAxeViolations(staff)
})
