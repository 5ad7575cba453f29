import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { pageBusiness } from './page-business'
import { createPublicClient } from './public-client'

/** The key a booking request carries, so that a retry books once (the client makes it). */
export { newIdempotencyKey } from './public-client'

/**
 * Every call the booking pages make, declared once: the wizard, the manage link, a team
 * member's page, the privacy notice and the signed-in customer's pages. Screens and effects
 * use `bookingApi`, the one instance on the page's client; tests build their own on a client
 * of theirs.
 */

type Schemas = components['schemas']
export type PublicBookingInput = Schemas['PublicBookingInput']
type CustomerProfileInput = Schemas['CustomerProfileInput']

/** A signed-in customer's ID token, as the `my-…` calls send it. */
function bearer(idToken: string) {
  return { Authorization: `Bearer ${idToken}` }
}

/** Calls of the public API, named for what the booking pages do with them. */
export function createPublicBookingApi(client: Client<paths>) {
  return {
    async business() {
      return unwrap(await client.GET('/api/v1/public/business'))
    },
    async services(teamMemberId?: string) {
      const query = teamMemberId ? { team_member_id: teamMemberId } : {}
      return unwrap(await client.GET('/api/v1/public/services', { params: { query } })).items
    },
    async teamMembers() {
      return unwrap(await client.GET('/api/v1/public/team-members')).items
    },
    async profile(teamMemberSlug: string) {
      return unwrap(
        await client.GET('/api/v1/public/profiles/{teamMemberSlug}', {
          params: { path: { teamMemberSlug } },
        }),
      )
    },
    async availability(query: {
      serviceId: string
      teamMemberId: string | null
      from: string
      to: string
    }) {
      return unwrap(
        await client.GET('/api/v1/public/availability', {
          params: {
            query: {
              service_id: query.serviceId,
              ...(query.teamMemberId ? { team_member_id: query.teamMemberId } : {}),
              from: query.from,
              to: query.to,
            },
          },
        }),
      )
    },
    async book(idempotencyKey: string, body: PublicBookingInput) {
      return unwrap(
        await client.POST('/api/v1/public/bookings', {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body,
        }),
      )
    },
    async appointment(appointmentId: string, token: string) {
      return unwrap(
        await client.GET('/api/v1/public/appointments/{appointmentId}', {
          params: { path: { appointmentId }, header: { 'X-Manage-Token': token } },
        }),
      )
    },
    async reschedule(
      appointmentId: string,
      token: string,
      idempotencyKey: string,
      startsAt: string,
    ) {
      return unwrap(
        await client.POST('/api/v1/public/appointments/{appointmentId}/reschedule', {
          params: {
            path: { appointmentId },
            header: { 'X-Manage-Token': token, 'Idempotency-Key': idempotencyKey },
          },
          body: { starts_at: startsAt },
        }),
      )
    },
    /** Back from Stripe's Checkout: the payment synced, and where the booking stands. */
    async paymentReturn(appointmentId: string, token: string, sessionId: string | null) {
      return unwrap(
        await client.POST('/api/v1/public/appointments/{appointmentId}/payment-return', {
          params: { path: { appointmentId }, header: { 'X-Manage-Token': token } },
          body: sessionId ? { session_id: sessionId } : {},
        }),
      )
    },
    async privacyNotice() {
      return unwrap(await client.GET('/api/v1/public/privacy-notice'))
    },
    /** The signed-in customer's appointments with this business. */
    async myAppointments(idToken: string) {
      return unwrap(
        await client.GET('/api/v1/public/my-appointments', { headers: bearer(idToken) }),
      )
    },
    async myProfile(idToken: string) {
      return unwrap(await client.GET('/api/v1/public/my-profile', { headers: bearer(idToken) }))
    },
    async saveMyProfile(idToken: string, body: CustomerProfileInput) {
      return unwrap(
        await client.PUT('/api/v1/public/my-profile', { headers: bearer(idToken), body }),
      )
    },
    async cancel(appointmentId: string, token: string, idempotencyKey: string, reason: string) {
      return unwrap(
        await client.POST('/api/v1/public/appointments/{appointmentId}/cancel', {
          params: {
            path: { appointmentId },
            header: { 'X-Manage-Token': token, 'Idempotency-Key': idempotencyKey },
          },
          body: { reason },
        }),
      )
    },
  }
}

export type PublicBookingApi = ReturnType<typeof createPublicBookingApi>

/** THE booking pages' calls: every one is for the page's business (its `?business=`). */
export const bookingApi = createPublicBookingApi(createPublicClient({ getBusiness: pageBusiness }))
