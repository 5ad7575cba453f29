import type { FastifyReply } from 'fastify'
import type { components } from '../../shared/contract/schema.d.ts'
import type { PooledSlot } from '../domain/availability/types.ts'
import type { createSchedulingService } from '../services/scheduling-service.ts'
import type { MemberRequest } from './operation-access.ts'

type ProposedSlot = components['schemas']['ProposedSlot']
type Schedule = components['schemas']['Schedule']

export interface SchedulingHandlerDeps {
  scheduling: ReturnType<typeof createSchedulingService>
}

/** Handlers for the contract's `scheduling` tag (availability, next slot, schedule). */
export function createSchedulingHandlers({ scheduling }: SchedulingHandlerDeps) {
  return {
    /**
     * Answered as a JSON string built here: a 90-day range for a team is thousands of slots,
     * and this is the hot path of the calendar and the booking pages.
     */
    async getAvailability(
      request: MemberRequest<'getAvailability'>,
      reply: FastifyReply,
    ): Promise<string> {
      const found = await scheduling.availability(request.member.tenantId, request.query)
      reply.type('application/json; charset=utf-8')
      return availabilityJson(found.serviceId, found.timeZone, found.slots)
    },

    async getNextAvailableSlot(
      request: MemberRequest<'getNextAvailableSlot'>,
    ): Promise<ProposedSlot> {
      return scheduling.nextSlot(request.member.tenantId, request.query)
    },

    async getSchedule(request: MemberRequest<'getSchedule'>): Promise<Schedule> {
      return scheduling.schedule(request.member, request.query)
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
