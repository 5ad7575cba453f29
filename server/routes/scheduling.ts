import type { FastifyReply, FastifyRequest } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import type { PooledSlot } from '../domain/availability/types.ts'
import type { OperationRequest } from '../http/operation-types.ts'
import { requireCapability } from '../http/require-capability.ts'
import { requireIdentity } from '../http/require-identity.ts'
import type { createMembershipService } from '../services/membership-service.ts'
import type { createSchedulingService } from '../services/scheduling-service.ts'

type ProposedSlot = components['schemas']['ProposedSlot']
type Schedule = components['schemas']['Schedule']

export interface SchedulingHandlerDeps {
  members: ReturnType<typeof createMembershipService>
  scheduling: ReturnType<typeof createSchedulingService>
}

/** Handlers for the contract's `scheduling` tag (availability, next slot, schedule). */
export function createSchedulingHandlers({ members, scheduling }: SchedulingHandlerDeps) {
  const memberOf = (request: FastifyRequest) => members.resolve(requireIdentity(request))

  return {
    /**
     * Answered as a JSON string built here: a 90-day range for a team is thousands of slots,
     * and this is the hot path of the calendar and the booking pages.
     */
    async getAvailability(
      request: OperationRequest<'getAvailability'>,
      reply: FastifyReply,
    ): Promise<string> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see availability')
      const found = await scheduling.availability(member.tenantId, request.query)
      reply.type('application/json; charset=utf-8')
      return availabilityJson(found.serviceId, found.timeZone, found.slots)
    },

    async getNextAvailableSlot(
      request: OperationRequest<'getNextAvailableSlot'>,
    ): Promise<ProposedSlot> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see availability')
      return scheduling.nextSlot(member.tenantId, request.query)
    },

    async getSchedule(request: OperationRequest<'getSchedule'>): Promise<Schedule> {
      const member = await memberOf(request)
      requireCapability(member, 'appointments.read', 'see the schedule')
      return scheduling.schedule(member.tenantId, request.query)
    },
  }
}

/** The Availability document as text: plain concatenation, no schema-driven serializer. */
function availabilityJson(serviceId: string, timeZone: string, slots: PooledSlot[]): string {
  const parts = slots.map(
    (slot) =>
      `{"starts_at":"${iso(slot.startsAt)}","ends_at":"${iso(slot.endsAt)}","team_member_ids":${JSON.stringify(slot.teamMemberIds)}}`,
  )
  return `{"service_id":${JSON.stringify(serviceId)},"time_zone":${JSON.stringify(timeZone)},"slots":[${parts.join(',')}]}`
}

function iso(instant: number): string {
  return new Date(instant).toISOString()
}
