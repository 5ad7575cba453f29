import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, expect } from 'vitest'
import { tenants } from '../../../server/db/schema.ts'
import type { components } from '../../../shared/contract/schema.d.ts'
import { uniqueEmail } from './emulator-users.ts'
import {
  type SchedulingBusiness,
  type SchedulingWorld,
  setUpSchedulingWorld,
} from './scheduling-business.ts'
import type { TestApp } from './test-app.ts'

type PublicBookingConfirmation = components['schemas']['PublicBookingConfirmation']

export interface PublicCallOptions {
  /** Sent as `?business=`; leave out to test resolution by host or default. */
  business?: string
  body?: object | string
  headers?: Record<string, string>
}

/** One anonymous call to the public API through app.inject. */
export function publicCall(
  testApp: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: PublicCallOptions = {},
): Promise<LightMyRequestResponse> {
  const separator = path.includes('?') ? '&' : '?'
  const url =
    options.business === undefined ? path : `${path}${separator}business=${options.business}`
  const body = options.body
  return testApp.app.inject({
    method,
    url,
    headers: {
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body }),
  })
}

export async function slugOf(testApp: TestApp, tenantId: string): Promise<string> {
  const [row] = await testApp.database.db
    .select({ slug: tenants.slug })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
  if (!row) throw new Error(`No tenant ${tenantId}.`)
  return row.slug
}

/** A booking body for the business's haircut with its staff member, for a new customer. */
export function bookingBody(
  business: SchedulingBusiness,
  startsAt: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    service_id: business.haircutId,
    team_member_id: business.staffMemberId,
    starts_at: startsAt,
    customer: { name: 'Mia Public', email: uniqueEmail('guest'), phone: '+49 30 123456' },
    time_zone: 'America/New_York',
    ...overrides,
  }
}

/** `createPublicBooking`, expecting 201. */
export async function bookPublicly(
  testApp: TestApp,
  slug: string,
  body: object,
  headers: Record<string, string> = {},
): Promise<PublicBookingConfirmation> {
  const response = await publicCall(testApp, 'POST', '/api/v1/public/bookings', {
    business: slug,
    body,
    headers,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<PublicBookingConfirmation>()
}

/** Public rate limits no test of a file reaches by booking many times from one address. */
const ROOMY = { limit: 10_000, windowMs: 60_000 }

/** A scheduling world whose businesses are booked through the public API, by their slugs. */
export interface PublicBookingWorld extends SchedulingWorld {
  salonSlug: string
  otherSlug: string
}

/**
 * The world of the public booking API's test files: a fresh app with room in the public rate
 * limits, a scheduling business called `label`, a second one (`otherLabel`) for ids that must
 * not reach across, both slugs, and days handed out from the day after tomorrow. Like
 * `setUpSchedulingWorld`, its fields are filled in `beforeAll`: read them inside tests and hooks.
 */
export function setUpPublicBookingWorld(
  label: string,
  otherLabel = 'Elsewhere',
): PublicBookingWorld {
  const world = setUpSchedulingWorld({
    label,
    otherLabel,
    firstDay: 2,
    appOptions: () => ({
      publicRateLimits: { readsPerIp: ROOMY, writesPerIp: ROOMY, bookingsPerEmail: ROOMY },
    }),
  }) as PublicBookingWorld
  beforeAll(async () => {
    world.salonSlug = await slugOf(world.testApp, world.salon.tenantId)
    world.otherSlug = await slugOf(world.testApp, world.other.tenantId)
  })
  return world
}
