import type { Db } from '../db/database.ts'
import { createScheduleRepository } from '../db/repositories/schedule-repository.ts'
import { chooseTeamMember } from '../domain/availability/fair-assignment.ts'
import { addDays, dateAt, startOfDate } from '../domain/business-time.ts'

/**
 * Fair assignment among the team members free at `startsAt`: the one with the fewest
 * non-cancelled appointments that day (in the business's time zone), then the one whose
 * latest booking is oldest (never booked first), then by id. undefined for nobody.
 */
export async function chooseFairly(
  db: Db,
  business: { tenantId: string; timeZone: string },
  teamMemberIds: readonly string[],
  startsAt: number,
): Promise<string | undefined> {
  if (teamMemberIds.length <= 1) return teamMemberIds[0]
  const { tenantId, timeZone } = business
  const day = dateAt(startsAt, timeZone)
  const load = await createScheduleRepository(db).assignmentLoad(
    tenantId,
    teamMemberIds,
    startOfDate(day, timeZone),
    startOfDate(addDays(day, 1), timeZone),
  )
  return chooseTeamMember(
    teamMemberIds.map((teamMemberId) => ({
      teamMemberId,
      appointmentsThatDay: load.get(teamMemberId)?.appointmentsThatDay ?? 0,
      lastAssignedAt: load.get(teamMemberId)?.lastAssignedAt ?? null,
    })),
  )
}
