/**
 * Model-based test of the booking wizard in the browser: paths from the booking machine's
 * graph (tests/support/e2e/booking-model-paths.ts), each driven through the real app. Every
 * event is something the page does (a click, a typed address, the connection dropping) and
 * every answer comes from the real server but one (the 429, see `answer`); after each step
 * the page must show the state the graph says. The last test prints which states and
 * transitions the paths covered and fails when one is missing: the page's own actor is out of
 * the test's reach, so the paths that passed are replayed on the machine with fakes to count
 * what they took.
 */
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type Route,
  test,
} from '@playwright/test'
import type { WizardRoute } from '../../shared/booking-links.ts'
import { buildWizardUrl } from '../../shared/booking-links.ts'
import { en } from '../../shared/i18n/en.ts'
import { timeZoneCity } from '../../src/domain/time-zone-names.ts'
import { bookingMachine } from '../../src/machines/booking.machine.ts'
import { uniqueEmail } from '../support/e2e/accounts.ts'
import {
  type BookingSnapshot,
  BROWSER_TIME_ZONE,
  type BrowserPath,
  EMAIL_THE_SERVER_REFUSES,
  generateBrowserPaths,
  label,
  MODEL_QUESTION,
  type ModelEvent,
  replayInMemory,
  SEEDED_NAMES,
} from '../support/e2e/booking-model-paths.ts'
import { connectStripe, payOnCheckoutPage, setPaymentRule } from '../support/e2e/paid-booking.ts'
import {
  BUSINESS,
  chooseFirstTime,
  chooseTimeZone,
  escapeRegExp,
  monthTitle,
  signInAsStaff,
} from '../support/e2e/public-booking.ts'
import { createGraphCoverage } from '../support/model/graph-coverage.ts'
import { describeValue } from '../support/model/graph-paths.ts'
import { replayPath } from '../support/model/replay-path.ts'
import { colourId } from '../support/unit/booking-harness.ts'

test.use({ viewport: { width: 375, height: 812 }, timezoneId: BROWSER_TIME_ZONE })

const paths: BrowserPath[] = generateBrowserPaths()
const passed: BrowserPath[] = []

interface Fixture {
  /** Seeded names → the server's ids. */
  ids: Map<string, string>
  /** The booking policy as it was, to put back after a path changes it. */
  policy: Record<string, unknown>
  staffToken: string
  /** An appointment booked for the confirmation links. */
  appointment: { id: string; token: string }
  /** Who performed the colour before the model's one performer took it alone. */
  colourPerformers: string[]
}

let fixture: Fixture

const api = (path: string) => `${path}${path.includes('?') ? '&' : '?'}business=${BUSINESS}`

test.beforeAll(async ({ browser }) => {
  const staff = await signInAsStaff(browser)
  const staffToken = (await staff.evaluate(() => localStorage.getItem('authToken'))) ?? ''
  const { request } = staff
  const services = (await (await request.get(api('/api/v1/public/services'))).json()) as {
    items: { id: string; name: string }[]
  }
  const members = (await (await request.get(api('/api/v1/public/team-members'))).json()) as {
    items: { id: string; name: string }[]
  }
  const ids = new Map([...services.items, ...members.items].map((item) => [item.name, item.id]))
  for (const name of Object.values(SEEDED_NAMES)) {
    expect(ids.get(name), `the demo business has ${name}`).toBeDefined()
  }
  const business = (await (await request.get(api('/api/v1/public/business'))).json()) as Record<
    string,
    unknown
  >
  const policy = Object.fromEntries(
    [
      'min_notice_minutes',
      'booking_window_days',
      'slot_interval_minutes',
      'cancellation_cutoff_minutes',
      'reschedule_cutoff_minutes',
      'team_member_choice',
    ].map((key) => [key, business[key]]),
  )
  expect(policy.team_member_choice).toBe('both')
  const serviceId = ids.get('Signature Haircut') ?? ''
  await setQuestions(staffToken, staff.request, serviceId, [MODEL_QUESTION])
  // The colour is paid at booking (a deposit) on the business's own Stripe account.
  await connectStripe(staff)
  await setPaymentRule(staff.request, staffToken, ids.get('Color & Gloss') ?? '', {
    kind: 'deposit_percent',
    deposit_percent: 20,
  })
  const teamMemberId = ids.get('Priya Natarajan') ?? ''
  // The model's colour has one performer, so the machine skips the team step for it: the demo's
  // colour is given to one person too for the run, as the harness has it.
  const colourPerformers = await setPerformers(
    staff.request,
    staffToken,
    ids.get('Color & Gloss') ?? '',
    [teamMemberId],
  )
  const startsAt = await freeSlot(staff.context(), serviceId, teamMemberId)
  const booked = await request.post(api('/api/v1/public/bookings'), {
    data: {
      service_id: serviceId,
      team_member_id: teamMemberId,
      starts_at: startsAt,
      customer: { name: 'Model Fixture', email: uniqueEmail('model-fixture') },
      time_zone: BROWSER_TIME_ZONE,
    },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const confirmation = (await booked.json()) as {
    appointment: { id: string }
    manage_token: string
  }
  fixture = {
    ids,
    policy,
    staffToken,
    appointment: { id: confirmation.appointment.id, token: confirmation.manage_token },
    colourPerformers,
  }
  await staff.context().close()
})

test.afterAll(async ({ playwright }) => {
  // Other specs book the seeded haircut as it was: put its questions back.
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })
  await setQuestions(fixture.staffToken, request, fixture.ids.get('Signature Haircut') ?? '', [])
  await setPaymentRule(request, fixture.staffToken, fixture.ids.get('Color & Gloss') ?? '', {
    kind: 'none',
  })
  await setPerformers(
    request,
    fixture.staffToken,
    fixture.ids.get('Color & Gloss') ?? '',
    fixture.colourPerformers,
  )
  await request.dispose()
})

/** Gives a service to these team members; answers who performed it before. */
async function setPerformers(
  request: APIRequestContext,
  staffToken: string,
  serviceId: string,
  teamMemberIds: string[],
): Promise<string[]> {
  const headers = { Authorization: `Bearer ${staffToken}` }
  const before = await request.get(`/api/v1/services/${serviceId}`, { headers })
  expect(before.status(), await before.text()).toBe(200)
  const response = await request.patch(`/api/v1/services/${serviceId}`, {
    headers,
    data: { team_member_ids: teamMemberIds },
  })
  expect(response.status(), await response.text()).toBe(200)
  return ((await before.json()) as { team_member_ids: string[] }).team_member_ids
}

async function setQuestions(
  staffToken: string,
  request: APIRequestContext,
  serviceId: string,
  questions: readonly (typeof MODEL_QUESTION)[],
) {
  const response = await request.patch(`/api/v1/services/${serviceId}`, {
    headers: { Authorization: `Bearer ${staffToken}` },
    data: {
      booking_questions: questions.map(({ label, kind, required }) => ({
        label,
        kind,
        required,
        options: [],
      })),
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** The first free start of a service with someone (or anyone) from tomorrow on. */
async function freeSlot(context: BrowserContext, serviceId: string, teamMemberId: string | null) {
  const from = new Date(Date.now() + 86_400_000)
  const to = new Date(from.getTime() + 21 * 86_400_000)
  const query = new URLSearchParams({
    service_id: serviceId,
    from: from.toISOString(),
    to: to.toISOString(),
  })
  if (teamMemberId) query.set('team_member_id', teamMemberId)
  const response = await context.request.get(api(`/api/v1/public/availability?${query}`))
  expect(response.status(), await response.text()).toBe(200)
  const { slots } = (await response.json()) as { slots: { starts_at: string }[] }
  const first = slots[0]
  if (!first) throw new Error('No free time in three weeks')
  return first.starts_at
}

async function setPolicy(context: BrowserContext, changes: Record<string, unknown>) {
  const response = await context.request.put('/api/v1/settings/booking-policy', {
    headers: { Authorization: `Bearer ${fixture.staffToken}` },
    data: { ...fixture.policy, ...changes },
  })
  expect(response.status(), await response.text()).toBe(200)
}

const realId = (id: string | null) =>
  id === null || id === 'any' ? id : (fixture.ids.get(SEEDED_NAMES[id] ?? '') ?? id)

const outcomeOf = (event: ModelEvent | undefined) =>
  event && /^xstate\.(done|error)\.actor\./.test(event.type)
    ? {
        actor: event.type.replace(/^xstate\.(done|error)\.actor\./, ''),
        name: (event as { name?: string }).name ?? '',
      }
    : null

/** One path in one fresh browser context. */
class PathRunner {
  private readonly heldBookings: Route[] = []
  /** What to undo once the state a step led to has been checked, by step. */
  private readonly undo = new Map<number, (() => Promise<unknown>)[]>()
  private lastConfirmation: { id: string; token: string } | null = null

  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
  ) {}

  static async open(browser: Browser) {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      timezoneId: BROWSER_TIME_ZONE,
    })
    const runner = new PathRunner(context, await context.newPage())
    // The graph here starts from a page that fetches its catalogue, so the copy the server
    // inlines is taken out, and with it the page the server rendered from it (the browser
    // renders it alone); the inline start is walked in memory (tests/model/booking.model.test.ts).
    await runner.page.route('**/booking?*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const body = (await response.text())
        .replace(
          /<script type="application\/json" id="slotwise-booking-catalogue">[\s\S]*?<\/script>/,
          '',
        )
        .replace(/<div id="root"[^>]*>[\s\S]*<\/div>(?=\s*<\/body>)/, '<div id="root"></div>')
      await route.fulfill({ response, body })
    })
    // Bookings are held until the path says what their answer is: the page shows "Booking…"
    // meanwhile, and the answer can be timed with the next step's setup.
    await runner.page.route('**/api/v1/public/bookings?*', (route) => {
      runner.heldBookings.push(route)
    })
    return runner
  }

  /** The path through the shared replay loop: each step a page action, then the page checked. */
  async run({ path }: BrowserPath) {
    await replayPath(path, label, {
      around: (step, run) =>
        test.step(
          `${step.index}: ${label(step.event)} → ${describeValue(step.expected.value)}`,
          run,
        ),
      act: async ({ event, next, previous, index }) => {
        const outcome = outcomeOf(event)
        if (outcome) await this.answer(outcome, index, outcomeOf(next))
        else {
          await this.prepare(outcomeOf(next), index + 1)
          await this.act(event, previous)
        }
      },
      check: async ({ expected, index }) => {
        await this.expectState(expected)
        for (const undo of this.undo.get(index) ?? []) await undo()
        this.undo.delete(index)
      },
      finish: async () => {
        for (const undo of [...this.undo.values()].flat()) await undo()
        await this.context.close()
      },
    })
  }

  private later(step: number, undo: () => Promise<unknown>) {
    this.undo.set(step, [...(this.undo.get(step) ?? []), undo])
  }

  /** Sets up what the next step's answer needs before the step that starts the call. */
  private async prepare(outcome: ReturnType<typeof outcomeOf>, step: number) {
    if (!outcome) return
    const { actor, name } = outcome
    if (actor === 'loadCatalogue' && name === 'any available') {
      await setPolicy(this.context, { team_member_choice: 'any_available' })
      this.later(Number.POSITIVE_INFINITY, () => setPolicy(this.context, {}))
    }
    if (actor === 'loadCatalogue' && name === 'offline') {
      // The page's own files must load, so only the catalogue's request meets a dead line.
      const dead = (route: Route) => route.abort('internetdisconnected')
      await this.page.route('**/api/v1/public/business?*', dead)
      this.later(step, () => this.page.unroute('**/api/v1/public/business?*', dead))
    }
    if (actor === 'loadAppointment' && name === 'offline') {
      // Only the appointment's request: the confirmation page's own chunk may still be on
      // its way, and a browser gone wholly offline would fail that instead (the retry
      // screen the shell spec covers), not the appointment.
      const appointment = /\/api\/v1\/public\/appointments\/[0-9a-f-]{36}(\?|$)/
      const dead = (route: Route) => route.abort('internetdisconnected')
      await this.page.route(appointment, dead)
      this.later(step, () => this.page.unroute(appointment, dead))
    }
  }

  /** Answers the held booking the way the path says, through the real server where it can. */
  private async answer(
    outcome: NonNullable<ReturnType<typeof outcomeOf>>,
    step: number,
    next: ReturnType<typeof outcomeOf>,
  ) {
    if (outcome.actor !== 'submitBooking') {
      await this.prepare(next, step + 1)
      return
    }
    await expect.poll(() => this.heldBookings.length, { message: 'a held booking' }).toBe(1)
    const route = this.heldBookings.shift() as Route
    switch (outcome.name) {
      case 'limited':
        // The one stand-in: the per-IP limit is raised for the suite (and tested in the API
        // suite), so the 429 the server would send is answered here, in its exact shape.
        await this.prepare(next, step + 1)
        await route.fulfill({
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '30' },
          body: JSON.stringify({
            type: 'about:blank',
            title: 'Too Many Requests',
            status: 429,
            detail: 'Too many bookings from this address. Try again in 30 seconds.',
          }),
        })
        return
      case 'offline':
        await this.context.setOffline(true)
        this.later(step, () => this.context.setOffline(false))
        await this.prepare(next, step + 1)
        await route.abort('internetdisconnected')
        return
      case 'taken': {
        // Another visitor books the same time first.
        const body = route.request().postDataJSON() as Record<string, unknown>
        const other = await this.context.request.post(api('/api/v1/public/bookings'), {
          data: { ...body, customer: { name: 'Quick Visitor', email: uniqueEmail('quick') } },
        })
        expect(other.status(), await other.text()).toBe(201)
        break
      }
      case 'refused':
        // The business now wants far more notice than this time gives.
        await setPolicy(this.context, { min_notice_minutes: 43_200 })
        this.later(step, () => setPolicy(this.context, {}))
        break
      case 'unbookable':
        // The business stops letting visitors choose who serves them: a 400 on the member.
        await setPolicy(this.context, { team_member_choice: 'any_available' })
        this.later(step, () => setPolicy(this.context, {}))
        break
    }
    const response = await route.fetch()
    await this.prepare(next, step + 1)
    await route.fulfill({ response })
  }

  private async act(event: ModelEvent, before: BookingSnapshot | undefined) {
    const { page } = this
    switch (event.type) {
      case 'xstate.init':
        await page.goto(`/booking?business=${BUSINESS}`)
        return
      case 'booking.urlChanged': {
        const route = (event as { route: WizardRoute }).route
        if (route.step === 'payment') {
          await this.returnFromCheckout(route.outcome === 'paid')
          return
        }
        const url = buildWizardUrl(await this.realRoute(route, before), BUSINESS)
        // As a link inside the app would: the history changes and the router hears of it.
        await page.evaluate((to) => {
          history.pushState(null, '', to)
          dispatchEvent(new PopStateEvent('popstate'))
        }, url)
        return
      }
      case 'booking.serviceChosen':
      case 'booking.teamMemberChosen': {
        const id =
          'serviceId' in event ? event.serviceId : (event as { teamMemberId: string }).teamMemberId
        const name = id === 'any' ? 'Any available' : (SEEDED_NAMES[id] ?? id)
        await page
          .getByRole('button', { name: new RegExp(name) })
          .first()
          .click()
        return
      }
      case 'monthOfSlots.shown': {
        // The graph offers only what one click shows (booking-model-paths.ts).
        const { month, timeZone } = event as unknown as { month: string; timeZone: string }
        if (timeZone !== before?.context.timeZone) {
          await chooseTimeZone(page, timeZone)
        } else {
          const later = month > (before?.context.month ?? '')
          await page.getByRole('button', { name: later ? 'Next month' : 'Previous month' }).click()
        }
        return
      }
      case 'monthOfSlots.chosen':
        await chooseFirstTime(page)
        return
      case 'booking.customerChanged': {
        const values = (event as { values: Record<string, string> }).values
        if (values.name !== undefined) await page.getByLabel('Name').fill(values.name)
        if (values.email !== undefined) {
          await page
            .getByLabel('E-mail')
            .fill(values.email === EMAIL_THE_SERVER_REFUSES ? values.email : uniqueEmail('model'))
        }
        return
      }
      case 'booking.answerChanged':
        await page
          .getByLabel(MODEL_QUESTION.label)
          .fill(String((event as { value: unknown }).value))
        return
      case 'booking.submitted':
        // While booking, the button says "Booking…" and is only marked disabled: a second
        // click still reaches the machine, which must ignore it.
        await page.locator('.p-booking-form button[type="submit"]').click({ force: true })
        return
      case 'booking.retry':
        await page.getByRole('button', { name: 'Try again' }).first().click()
        return
      default:
        throw new Error(`No page action for ${event.type}`)
    }
  }

  /**
   * From Stripe's Checkout back to the booking page: by the cancel address (its Back link),
   * or by the success address, having paid with a test card.
   */
  private async returnFromCheckout(paid: boolean) {
    const { page } = this
    if (!paid) {
      await page.getByRole('link', { name: '← Back' }).click()
      return
    }
    await payOnCheckoutPage(page, '4242 4242 4242 4242')
  }

  /** The graph's route with the server's ids, a time that is free now, a real appointment. */
  private async realRoute(
    route: WizardRoute,
    before: BookingSnapshot | undefined,
  ): Promise<WizardRoute> {
    switch (route.step) {
      case 'start':
        return route
      case 'serviceTeam':
        return { ...route, serviceId: realId(route.serviceId) ?? '' }
      case 'teamServices':
        return { ...route, teamMemberId: realId(route.teamMemberId) ?? '' }
      case 'calendar':
        return {
          ...route,
          serviceId: realId(route.serviceId) ?? '',
          teamMemberId: realId(route.teamMemberId) ?? '',
        }
      case 'customerInfo': {
        const serviceId = realId(route.serviceId) ?? ''
        const teamMemberId = realId(route.teamMemberId) ?? ''
        const startsAt = route.startsAt
          ? await freeSlot(this.context, serviceId, teamMemberId === 'any' ? null : teamMemberId)
          : null
        return { step: 'customerInfo', serviceId, teamMemberId, startsAt }
      }
      case 'confirmation': {
        // The appointment the page already shows (just booked or loaded), else the fixture's.
        const shown = before?.context.confirmation ? this.lastConfirmation : null
        const { id, token } = shown ?? fixture.appointment
        return {
          step: 'confirmation',
          appointmentId: id,
          token: route.token === null ? null : token,
        }
      }
      case 'payment':
        return route
    }
  }

  private async expectState(state: BookingSnapshot) {
    const { page } = this
    const { context } = state
    const seen = { ...context, fieldErrors: Object.keys(context.fieldErrors) }
    const h1 = (name: string) => page.getByRole('heading', { level: 1, name })
    const path = () => new URL(page.url()).pathname
    const id = (value: string | null) => realId(value) ?? ''
    if (seen.notice) {
      await expect(page.getByRole('alert').filter({ hasText: en[seen.notice] })).toBeVisible()
    }
    if (state.matches('catalogueFailed')) {
      await expect(page.getByText('The booking page did not load')).toBeVisible()
    } else if (state.matches('linkNotFound')) {
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: /^We could not find this (service|team member)$/,
        }),
      ).toBeFocused()
    } else if (state.matches('start')) {
      await expect(h1('Book an appointment')).toBeVisible()
      await expect(page.getByRole('button', { name: /Signature Haircut/ })).toBeVisible()
      expect(path()).toBe('/booking')
    } else if (state.matches('chooseTeamMember')) {
      await expect(h1('Choose a team member')).toBeVisible()
      expect(path()).toBe(`/booking/service/${id(seen.serviceId)}/team`)
    } else if (state.matches('chooseService')) {
      await expect(h1('Choose a service')).toBeVisible()
      expect(path()).toBe(`/booking/team/${id(seen.teamMemberId)}/services`)
    } else if (state.matches('calendar')) {
      await expect(h1('Choose a time')).toBeVisible()
      expect(path()).toBe(`/booking/calendar/${id(seen.serviceId)}/${id(seen.teamMemberId)}`)
      // The month opens where the visitor left it, in the zone they chose.
      await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(
        new RegExp(`^${escapeRegExp(timeZoneCity(seen.timeZone))} · `),
      )
      const locale = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale)
      await expect(page.locator('#month-grid-title')).toHaveText(
        monthTitle(state.context.month, locale),
      )
    } else if (state.matches('details')) {
      await expect(h1('Your details')).toBeVisible()
      expect(path()).toBe(`/booking/customer-info/${id(seen.serviceId)}/${id(seen.teamMemberId)}`)
      if (state.matches({ details: 'submitting' })) {
        await expect(page.getByRole('button', { name: 'Booking…' })).toBeVisible()
      } else if (state.matches({ details: 'rateLimited' })) {
        await expect(page.getByText(/Too many booking attempts/)).toBeVisible()
      } else if (state.matches({ details: 'offline' })) {
        await expect(page.getByText('You seem to be offline')).toBeVisible()
      } else if (state.matches({ details: 'failed' })) {
        await expect(page.getByText('Not booked yet')).toBeVisible()
      } else {
        // The paid colour goes on to Stripe's page, and its button says so.
        const paid = context.serviceId === colourId
        await expect(
          page.getByRole('button', { name: paid ? 'Continue to payment' : 'Book now' }),
        ).toBeVisible()
      }
      for (const field of ['name', 'email'] as const) {
        const invalid = seen.fieldErrors.includes(field) ? 'true' : /^(false)?$/
        const input = page.getByLabel(field === 'name' ? 'Name' : 'E-mail')
        if (invalid === 'true') await expect(input).toHaveAttribute('aria-invalid', 'true')
        else expect((await input.getAttribute('aria-invalid')) ?? '').toMatch(invalid)
      }
    } else if (state.matches({ confirmation: 'ready' })) {
      await expect(page.getByRole('link', { name: 'Reschedule or cancel' })).toBeVisible()
      const match = /^\/booking\/confirmation\/([0-9a-f-]{36})$/.exec(path())
      const token = new URL(page.url()).searchParams.get('token')
      expect(match, page.url()).not.toBeNull()
      expect(token).toBeTruthy()
      this.lastConfirmation = { id: match?.[1] ?? '', token: token ?? '' }
    } else if (state.matches('paying') && context.route.step !== 'payment') {
      // Stripe's hosted Checkout, for the hold just made.
      await expect(page).toHaveURL(/\/checkout\/cs_\w+$/)
      await expect(page.getByRole('heading', { level: 1, name: /^Pay / })).toBeVisible()
    } else if (state.matches('paying')) {
      // Back from Stripe: the paying flow syncs there (its own states: booking-payment.model).
      expect(path()).toMatch(/^\/booking\/payment\//)
      if (context.route.step === 'payment' && context.route.outcome === 'cancelled') {
        await expect(
          page.getByRole('heading', { level: 2, name: 'Payment not completed' }),
        ).toBeFocused()
      }
    } else if (state.matches({ confirmation: 'failed' })) {
      await expect(page.getByText('We could not show this appointment')).toBeVisible()
    } else if (state.matches('confirmation')) {
      expect(path()).toMatch(/^\/booking\/confirmation\//)
    }
    // loadingCatalogue: the next step's answer shows where it went.
  }
}

test.describe('booking machine paths in the browser', () => {
  // Coverage is claimed for paths that passed in this worker; a failure stops the rest.
  test.describe.configure({ mode: 'serial' })

  for (const browserPath of paths) {
    test(browserPath.name, async ({ browser }) => {
      const runner = await PathRunner.open(browser)
      await runner.run(browserPath)
      passed.push(browserPath)
    })
  }

  test('the paths covered every state and every transition', async () => {
    const coverage = createGraphCoverage(bookingMachine)
    for (const { path } of passed) await replayInMemory(path, coverage)
    const { missedStates, missedTransitions, summary } = coverage.report(
      `booking machine in the browser: ${passed.length} of ${paths.length} paths passed`,
    )
    console.info(summary)
    expect(missedStates, 'states no passing path reached').toEqual([])
    expect(missedTransitions, 'transitions no passing path took').toEqual([])
  })
})
