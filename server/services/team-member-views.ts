import type { components } from '../../shared/contract/schema.d.ts'
import { accessOf } from '../../shared/team-access.ts'
import type { Db } from '../db/database.ts'
import {
  type AccessDates,
  createMembershipRepository,
} from '../db/repositories/membership-repository.ts'
import type { TeamMemberRecord } from '../db/repositories/team-member-repository.ts'
import {
  createTimeOffRepository,
  type TimeOffRow,
  timeOffSpan,
} from '../db/repositories/time-off-repository.ts'
import { notFound, type Refusal } from '../domain/refusal.ts'
import { compareBySoonest, isCurrentOrUpcoming } from '../domain/time-off.ts'

type TeamMember = components['schemas']['TeamMember']
type TimeOff = components['schemas']['TimeOff']

/** Team members as the API shows them, each with their access and current and upcoming time off. */
export async function teamMemberViews(
  db: Db,
  tenantId: string,
  records: TeamMemberRecord[],
): Promise<TeamMember[]> {
  const now = new Date()
  const linkedUids = records.flatMap((record) => (record.userUid ? [record.userUid] : []))
  const [rows, grants] = await Promise.all([
    createTimeOffRepository(db).notEndedBefore(
      tenantId,
      records.map((record) => record.id),
      now,
    ),
    createMembershipRepository(db).grantsOf(tenantId, linkedUids),
  ])
  return records.map((record) => {
    const soonest = compareBySoonest(record.timeZone)
    const own = rows
      .filter((row) => row.teamMemberId === record.id)
      .filter((row) => isCurrentOrUpcoming(timeOffSpan(row), now, record.timeZone))
      .sort((a, b) => soonest(timeOffSpan(a), timeOffSpan(b)) || a.id.localeCompare(b.id))
    return toTeamMember(record, own, record.userUid ? grants.get(record.userUid) : undefined)
  })
}

/**
 * One team member as the API shows it. `grant` is the linked user's membership; it is read only
 * for a linked record, so a record just made (never linked) or one compared field by field for
 * the activity log needs none.
 */
export function toTeamMember(
  record: TeamMemberRecord,
  timeOff: TimeOffRow[],
  grant?: AccessDates,
): TeamMember {
  const access = accessOf(record, grant)
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    permission: record.permission,
    slug: record.slug,
    bio: record.bio,
    time_zone: record.timeZone,
    bookable: record.bookable,
    color: record.color,
    service_ids: record.serviceIds,
    working_hours: record.workingHours,
    time_off: timeOff.map(toTimeOff),
    invitation: invitationOf(record),
    access: { status: access.status, since: access.since?.toISOString() ?? null },
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  }
}

function invitationOf(record: TeamMemberRecord): TeamMember['invitation'] {
  if (record.userUid) return 'accepted'
  if (!record.email) return 'none'
  return record.invitationWithdrawnAt ? 'withdrawn' : 'pending'
}

export function toTimeOff(row: TimeOffRow): TimeOff {
  return {
    id: row.id,
    all_day: row.allDay,
    start_date: row.startDate,
    end_date: row.endDate,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    reason: row.reason,
  }
}

/** An id of another business is as unknown as one that never existed. */
export function teamMemberNotFound(): Refusal {
  return notFound('There is no team member with this id in your business.')
}
