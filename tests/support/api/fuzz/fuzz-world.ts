import { eq, sql } from 'drizzle-orm'
import { tenants } from '../../../../server/db/schema.ts'
import { deletedOutside } from '../../calendar-sync/outside-change.ts'
import { png } from '../../unit/images.ts'
import { moveIntoPast } from '../appointment-rows.ts'
import { bookAndPay, type CheckoutStripe } from '../checkout-payment.ts'
import { type EmulatorUser, signUp, verifyEmail } from '../emulator-users.ts'
import { bookingBody, bookPublicly } from '../public-booking.ts'
import {
  addService,
  appointmentApi,
  createSchedulingBusiness,
  dateIn,
  inDays,
  type SchedulingBusiness,
} from '../scheduling-business.ts'
import { call } from '../team-business.ts'
import type { TestApp } from '../test-app.ts'

/** A public booking and the secret that manages it. */
export interface ManagedAppointment {
  id: string
  token: string
}

/**
 * A seeded business with one real record of everything the contract has an id for, so valid
 * requests reach the code behind validation. Records that requests destroy (deleted,
 * cancelled) are spares of their own; what requests change is put back by `restore`.
 */
export interface FuzzWorld {
  business: SchedulingBusiness
  /** The signed-in customer of the public my-profile and my-appointments operations. */
  customerUser: EmulatorUser
  /** Signed up but with no business yet: registerBusiness's first valid request creates it. */
  newcomer: EmulatorUser
  /** Current, as a request may have changed it and `restore` puts it back. */
  slug: string
  staffSlug: string
  spareServiceId: string
  spareCustomerId: string
  /** Erased by the fuzz's first valid eraseCustomer (its name is what the request confirms). */
  erasableCustomerId: string
  spareTeamMemberId: string
  spareTimeOffId: string
  /** A team note about the seeded customer (never the spare one, which a DELETE may remove). */
  spareNoteId: string
  appointmentId: string
  spareAppointmentId: string
  /** Moved once by the owner: `changeId` takes the move back. */
  movedAppointmentId: string
  changeId: string
  /** Its event deleted in the member's calendar: a change for `decideCalendarChange`. */
  changedOutsideAppointmentId: string
  startedAppointmentId: string
  /** A no-show whose card was kept at booking, on the business's connected account. */
  noShowAppointmentId: string
  publicAppointment: ManagedAppointment
  sparePublicAppointment: ManagedAppointment
  activityEntryId: string
  /** The second page of the activity log. */
  activityCursor: string
  feedToken: string
  /** An open Checkout Session of the business (it has a Stripe customer from it). */
  checkoutSessionId: string
  /** The SHA-256 of the business's logo (the file is FUZZ_LOGO, put back by `restore`). */
  logoSha256: string
  /** A booking paid on the local Stripe service, with far more paid than refunds take. */
  paidAppointmentId: string
  paymentId: string
  /** The staff member's calendar connection (a provider held in memory) and its calendar. */
  calendarConnectionId: string
  connectedCalendarId: string
  /** Another, which a valid DELETE disconnects. */
  spareCalendarConnectionId: string
}

/** The local Stripe service's secret key in the fuzz suite. */
export const FUZZ_STRIPE_SECRET = 'sk_test_fuzz'

/**
 * Connects the business's Stripe account, books a fully prepaid service publicly and pays it
 * on the local Stripe service, so a staff refund of it can succeed.
 */
async function paidBooking(
  testApp: TestApp,
  business: SchedulingBusiness,
  slug: string,
  stripe: CheckoutStripe,
) {
  await connectAccount(testApp, business)
  const serviceId = await addService(testApp, business.owner, {
    name: 'Prepaid',
    duration_minutes: 30,
    price_minor: 50_000_000,
    team_member_ids: [business.staffMemberId],
    payment_rule: { kind: 'full' },
  })
  const booked = await bookAndPay(
    testApp,
    stripe,
    slug,
    bookingBody(business, inDays(3, '11:00', business.timeZone), { service_id: serviceId }),
  )
  const payments = await ok(
    call(testApp, business.owner, 'GET', `/api/v1/appointments/${booked.appointment.id}/payments`),
  )
  if (payments.summary?.state !== 'paid') throw new Error('The fuzz booking was not paid.')
  return { paidAppointmentId: booked.appointment.id, paymentId: payments.payments[0].id }
}

/** The business's own Stripe account, onboarded on the local Stripe service and synced. */
async function connectAccount(testApp: TestApp, business: SchedulingBusiness) {
  const link = await ok(
    call(testApp, business.owner, 'POST', '/api/v1/payments/account/onboarding-links'),
  )
  await fetch(link.url, { redirect: 'manual' })
  await fetch(link.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'complete' }),
  })
  await ok(call(testApp, business.owner, 'POST', '/api/v1/payments/account/sync'))
}

/** The fuzzed business's logo, and the file a valid logo upload sends. */
export const FUZZ_LOGO = png(24, 24)

/** PUT the logo file as its raw bytes, as the Appearance page does. */
function uploadLogo(testApp: TestApp, user: EmulatorUser) {
  return testApp.app.inject({
    method: 'PUT',
    url: '/api/v1/settings/appearance/logo',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'image/png' },
    payload: FUZZ_LOGO,
  })
}

/**
 * Connects the business's Stripe account (the local onboarding), books a card-on-file service
 * whose card is kept at the local Checkout, moves it into the past and marks it a no-show, so
 * charging its fee can succeed.
 */
async function noShowWithKeptCard(
  testApp: TestApp,
  business: SchedulingBusiness,
  slug: string,
  stripe: CheckoutStripe,
): Promise<string> {
  const owner = (method: 'GET' | 'POST', url: string, body?: object) =>
    ok(call(testApp, business.owner, method, url, body))
  await connectAccount(testApp, business)
  const serviceId = await addService(testApp, business.owner, {
    name: 'Card kept',
    duration_minutes: 30,
    price_minor: 5000,
    team_member_ids: [business.staffMemberId],
    payment_rule: { kind: 'card_on_file', no_show_fee_minor: 2500 },
  })
  const booked = await bookAndPay(
    testApp,
    stripe,
    slug,
    bookingBody(business, inDays(3, '10:00', business.timeZone), { service_id: serviceId }),
  )
  const id = booked.appointment.id
  await moveIntoPast(testApp, id, 30)
  await owner('POST', `/api/v1/appointments/${id}/no-show`)
  return id
}

export async function createFuzzWorld(
  testApp: TestApp,
  stripe: { url: string; secretKey: string },
): Promise<FuzzWorld> {
  const business = await createSchedulingBusiness(testApp, 'Fuzz')
  const owner = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
    ok(call(testApp, business.owner, method, url, body))
  const zone = business.timeZone
  const slug = await currentSlug(testApp, business.tenantId)
  const customerUser = await verifyEmail(await signUp({ displayName: 'Fuzz Customer' }))
  const newcomer = await signUp({ displayName: 'Fuzz Newcomer' })

  const spareServiceId = await addService(testApp, business.owner, {
    name: 'Spare service',
    duration_minutes: 30,
    team_member_ids: [business.staffMemberId],
  })
  const spareCustomer = await owner('POST', '/api/v1/customers', { name: 'Spare customer' })
  const erasableCustomer = await owner('POST', '/api/v1/customers', { name: ERASABLE_CUSTOMER })
  const spareMember = await owner('POST', '/api/v1/team-members', { name: 'Spare member' })
  const spareNote = await owner('POST', `/api/v1/customers/${business.customerId}/notes`, {
    text: 'Spare note',
  })
  const day = dateIn(60, zone)
  const spareTimeOff = await owner(
    'POST',
    `/api/v1/team-members/${business.staffMemberId}/time-off`,
    {
      start_date: day,
      end_date: day,
      reason: 'Spare',
    },
  )
  const appointments = appointmentApi(testApp, business)
  const staffBooking = (time: string) =>
    appointments.booked(business.owner, {
      team_member_id: business.staffMemberId,
      starts_at: inDays(1, time, zone),
    })
  const appointment = await staffBooking('10:00')
  const spareAppointment = await staffBooking('14:00')
  // A move that can be taken back once (undoAppointmentChange); later undos are refused (409).
  const movedAppointment = await staffBooking('16:00')
  const move = await owner('PATCH', `/api/v1/appointments/${movedAppointment.id}`, {
    starts_at: inDays(1, '16:30', zone),
    override_working_hours: true,
  })
  const changedOutside = await staffBooking('11:00')
  await deletedOutside(testApp.database.db, {
    tenantId: business.tenantId,
    teamMemberId: business.staffMemberId,
    id: changedOutside.id,
  })
  const startedAppointmentId = await appointments.started(1)
  const noShowAppointmentId = await noShowWithKeptCard(testApp, business, slug, stripe)

  const publicBooking = async (time: string): Promise<ManagedAppointment> => {
    const booked = await bookPublicly(
      testApp,
      slug,
      bookingBody(business, inDays(2, time, zone), {
        customer: { name: 'Fuzz Customer', email: customerUser.email },
      }),
    )
    return { id: booked.appointment.id, token: booked.manage_token }
  }
  const publicAppointment = await publicBooking('10:00')
  const sparePublicAppointment = await publicBooking('14:00')

  const paid = await paidBooking(testApp, business, slug, stripe)

  const checkout = await owner('POST', '/api/v1/billing/checkout-sessions', {
    plan_id: 'pro',
    interval: 'month',
  })
  const checkoutSessionId = new URL(checkout.url).pathname.split('/').pop() ?? ''

  const logo = await ok(uploadLogo(testApp, business.owner))
  const activity = await owner('GET', '/api/v1/activity-log?limit=1')
  const staff = await owner('GET', `/api/v1/team-members/${business.staffMemberId}`)
  const feed = await owner('GET', `/api/v1/team-members/${business.staffMemberId}/calendar-feed`)
  const connect = () =>
    owner('POST', `/api/v1/team-members/${business.staffMemberId}/calendar-connections/ical-url`, {
      url: 'https://calendar.example.com/fuzz.ics',
    })
  const calendarConnection = await connect()
  const spareCalendarConnection = await connect()

  return {
    business,
    customerUser,
    newcomer,
    slug,
    staffSlug: staff.slug,
    spareServiceId,
    spareCustomerId: spareCustomer.id,
    erasableCustomerId: erasableCustomer.id,
    spareTeamMemberId: spareMember.id,
    spareTimeOffId: spareTimeOff.id,
    spareNoteId: spareNote.id,
    appointmentId: appointment.id,
    spareAppointmentId: spareAppointment.id,
    movedAppointmentId: movedAppointment.id,
    changeId: move.change_id,
    changedOutsideAppointmentId: changedOutside.id,
    startedAppointmentId,
    noShowAppointmentId,
    publicAppointment,
    sparePublicAppointment,
    activityEntryId: activity.items[0].id,
    activityCursor: activity.next_cursor,
    feedToken: feedTokenOf(feed.url),
    checkoutSessionId,
    logoSha256: logo.url.split('/').pop(),
    ...paid,
    calendarConnectionId: calendarConnection.id,
    connectedCalendarId: calendarConnection.calendars[0].id,
    spareCalendarConnectionId: spareCalendarConnection.id,
  }
}

/**
 * Puts back what valid requests may have changed and later operations rely on: the business's
 * details (its slug names it to the public API), its settings and logo, the staff member's hours, and
 * the haircut with who performs it; and reads the calendar-feed secret again in case it was
 * rotated.
 */
export function worldRestorer(testApp: TestApp, world: FuzzWorld) {
  const { business } = world
  const owner = (method: 'GET' | 'PUT' | 'PATCH', url: string, body?: object) =>
    ok(call(testApp, business.owner, method, url, body))
  const staffUrl = `/api/v1/team-members/${business.staffMemberId}`
  const haircutUrl = `/api/v1/services/${business.haircutId}`
  const restorableMemberFields = [
    'name',
    'permission',
    'slug',
    'bio',
    'time_zone',
    'bookable',
    'working_hours',
  ]
  const restorableServiceFields = [
    'name',
    'description',
    'duration_minutes',
    'price_minor',
    'buffer_before_minutes',
    'buffer_after_minutes',
    'color',
    'category',
    'active',
    'capacity',
    'team_member_ids',
    // A required question added by a valid update would refuse every later public booking.
    'booking_questions',
    // A rule that charges would make every later public booking of it a hold.
    'payment_rule',
  ]
  let saved: Record<string, object> | undefined

  return {
    async snapshot(): Promise<void> {
      const settings = await owner('GET', '/api/v1/settings')
      saved = {
        configuration: await owner('GET', '/api/v1/business-configuration'),
        bookingPolicy: settings.booking_policy,
        notifications: settings.notifications,
        appearance: settings.appearance,
        staff: pick(await owner('GET', staffUrl), restorableMemberFields),
        haircut: pick(await owner('GET', haircutUrl), restorableServiceFields),
      }
    },

    async restore(): Promise<void> {
      if (!saved) throw new Error('snapshot() first.')
      await owner('PUT', '/api/v1/business-configuration', saved.configuration)
      await owner('PUT', '/api/v1/settings/booking-policy', saved.bookingPolicy)
      await owner('PUT', '/api/v1/settings/notifications', saved.notifications)
      await owner('PUT', '/api/v1/settings/appearance', saved.appearance)
      // Removing the logo is a valid request; reading it later needs it back.
      await ok(uploadLogo(testApp, business.owner))
      await owner('PATCH', staffUrl, saved.staff)
      await owner('PATCH', haircutUrl, saved.haircut)
      world.slug = await currentSlug(testApp, business.tenantId)
      world.feedToken = feedTokenOf((await owner('GET', `${staffUrl}/calendar-feed`)).url)
    },
  }
}

/**
 * Row counts of every table and the newest `updated_at` of those that have one: unchanged
 * when a request created, changed and deleted nothing. The rate limits' counters are left
 * out: every public request counts against its sender, refused or not (on PostgreSQL they
 * are rows, shared by the API processes).
 */
export async function databaseFingerprint(testApp: TestApp): Promise<string> {
  const { db } = testApp.database
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and table_name not like 'rate_limit_%'
    order by table_name, column_name`)
  const tables = new Map<string, boolean>()
  for (const row of rowsOf<{ table_name: string; column_name: string }>(columns)) {
    tables.set(
      row.table_name,
      tables.get(row.table_name) === true || row.column_name === 'updated_at',
    )
  }
  const parts = [...tables].map(([table, hasUpdatedAt]) =>
    hasUpdatedAt
      ? `select '${table}' as t, count(*)::text || ' ' || coalesce(max(updated_at)::text, '') as v from "${table}"`
      : `select '${table}' as t, count(*)::text as v from "${table}"`,
  )
  const result = await db.execute<{ t: string; v: string }>(sql.raw(parts.join(' union all ')))
  return rowsOf<{ t: string; v: string }>(result)
    .map((row) => `${row.t}=${row.v}`)
    .sort()
    .join('; ')
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
}

async function currentSlug(testApp: TestApp, tenantId: string): Promise<string> {
  const [row] = await testApp.database.db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
  if (!row) throw new Error('The fuzzed business is gone.')
  return row.slug
}

function feedTokenOf(url: string): string {
  const token = new URL(url).searchParams.get('token')
  if (!token) throw new Error(`No token in the feed URL ${url}.`)
  return token
}

function pick(record: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in record).map((f) => [f, record[f]]))
}

// biome-ignore lint/suspicious/noExplicitAny: set-up answers are read loosely, by field name
async function ok(pending: Promise<{ statusCode: number; body: string }>): Promise<any> {
  const response = await pending
  if (response.statusCode >= 300) {
    throw new Error(
      `Setting up the fuzzed business failed: ${response.statusCode} ${response.body}`,
    )
  }
  return response.body === '' ? undefined : JSON.parse(response.body)
}

/** The name of the customer eraseCustomer's valid requests erase. */
export const ERASABLE_CUSTOMER = 'Erasable customer'
