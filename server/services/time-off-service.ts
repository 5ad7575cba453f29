import type { components } from '../../shared/contract/schema.d.ts'
import { can } from '../../shared/permissions.ts'
import type { Database } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createTeamMemberRepository } from '../db/repositories/team-member-repository.ts'
import { createTimeOffRepository, timeOffSpan } from '../db/repositories/time-off-repository.ts'
import { changedFields } from '../domain/activity-changes.ts'
import type { Member } from '../domain/member.ts'
import { assertValid, forbidden, notFound } from '../domain/refusal.ts'
import { parseTimeOffInput, timeOffSummary } from '../domain/time-off.ts'
import { teamMemberNotFound, toTimeOff } from './team-member-views.ts'

type TimeOff = components['schemas']['TimeOff']
type TimeOffInput = components['schemas']['TimeOffInput']

/** Time-off fields as the API names them: what its activity entries record. */
const timeOffFields = ['start_date', 'end_date', 'starts_at', 'ends_at', 'reason'] as const

/** A team member's time off, each change in the activity log. */
export function createTimeOffService(database: Database) {
  return {
    async create(member: Member, teamMemberId: string, input: TimeOffInput): Promise<TimeOff> {
      const parsed = parseTimeOffInput(input)
      return database.transaction(async (tx) => {
        const holder = await createTeamMemberRepository(tx).find(member.tenantId, teamMemberId)
        if (!holder) throw teamMemberNotFound()
        authorizeTimeOff(member, holder.id, 'add time off')
        assertValid(parsed.errors)
        if (!parsed.span) throw new Error('Time off without errors has a span.')
        const reason = input.reason?.trim() ?? ''
        const row = await createTimeOffRepository(tx).create(
          member.tenantId,
          holder.id,
          parsed.span,
          reason,
        )
        const view = toTimeOff(row)
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'time_off',
          entityId: row.id,
          action: 'created',
          summary: timeOffSummary('Added', holder.name, parsed.span, reason, {
            timeZone: holder.timeZone,
            now: new Date(),
          }),
          changes: [
            { field: 'team_member_id', before: null, after: holder.id },
            ...changedFields(null, view, timeOffFields),
          ],
        })
        return view
      })
    },

    async remove(member: Member, teamMemberId: string, timeOffId: string): Promise<void> {
      await database.transaction(async (tx) => {
        const holder = await createTeamMemberRepository(tx).find(member.tenantId, teamMemberId)
        if (!holder) throw teamMemberNotFound()
        const timeOff = createTimeOffRepository(tx)
        const row = await timeOff.find(member.tenantId, holder.id, timeOffId)
        if (!row) throw notFound(`${holder.name} has no time off with this id.`)
        authorizeTimeOff(member, holder.id, 'remove time off')
        await timeOff.delete(member.tenantId, holder.id, row.id)
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'time_off',
          entityId: row.id,
          action: 'deleted',
          summary: timeOffSummary('Removed', holder.name, timeOffSpan(row), row.reason, {
            timeZone: holder.timeZone,
            now: new Date(),
          }),
          changes: [
            { field: 'team_member_id', before: holder.id, after: null },
            ...changedFields(toTimeOff(row), null, timeOffFields),
          ],
        })
      })
    },
  }
}

/** Owners and admins manage anyone's time off; staff only their own. */
function authorizeTimeOff(member: Member, teamMemberId: string, what: string): void {
  if (can(member.permission, 'team.write')) return
  if (member.teamMemberId === teamMemberId && can(member.permission, 'team.writeSelf')) return
  throw forbidden(`You don't have permission to ${what} for other team members.`)
}
