import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import {
  createTeamMemberRepository,
  type NewTeamMember,
  type TeamMemberRecord,
} from '../db/repositories/team-member-repository.ts'
import { changedFields } from '../domain/activity-changes.ts'
import type { Member } from '../domain/member.ts'
import { plural } from '../domain/plural.ts'
import { conflict } from '../domain/refusal.ts'
import { teamMemberFields, teamMemberUpdateSummary } from '../domain/team-member-changes.ts'
import { defaultWorkingHours } from '../domain/working-hours.ts'
import { notifyProfileChange } from '../realtime/live-events.ts'
import { refuseBeyondPlan } from './billing/current-plan.ts'
import { createTeamAccess, refuseEndingLastOwner } from './team-access-service.ts'
import { checkServices, teamMemberColumns } from './team-member-input.ts'
import { authorizeUpdate, requireOwnership } from './team-member-permissions.ts'
import {
  freeSlugFor,
  insertWithFreeSlug,
  refuseTakenEmail,
  refuseTakenSlug,
  withUniqueFields,
} from './team-member-uniqueness.ts'
import { teamMemberNotFound, teamMemberViews, toTeamMember } from './team-member-views.ts'

type TeamMember = components['schemas']['TeamMember']
type TeamMemberPage = components['schemas']['TeamMemberPage']
type TeamMemberInput = components['schemas']['TeamMemberInput']
type TeamMemberPatch = components['schemas']['TeamMemberPatch']

export interface TeamMemberListQuery {
  search?: string | undefined
  bookable?: boolean | undefined
  limit: number
  offset: number
}

/**
 * The team of the member's business: its records, who may change which of their fields, and
 * the access that follows each record. The caller has checked the member may read (or, for
 * create and delete, write) the team; the finer rules on owners and self-service are here.
 */
export function createTeamMemberService(database: Database) {
  return {
    async list(member: Member, query: TeamMemberListQuery): Promise<TeamMemberPage> {
      const page = await createTeamMemberRepository(database.db).list(member.tenantId, query)
      const items = await teamMemberViews(database.db, member.tenantId, page.items)
      return { items, total: page.total, limit: query.limit, offset: query.offset }
    },

    async get(member: Member, id: string): Promise<TeamMember> {
      const record = await createTeamMemberRepository(database.db).find(member.tenantId, id)
      if (!record) throw teamMemberNotFound()
      return (await teamMemberViews(database.db, member.tenantId, [record]))[0] as TeamMember
    },

    async create(member: Member, input: TeamMemberInput): Promise<TeamMember> {
      if (input.permission === 'owner') {
        requireOwnership(member, 'make someone an owner')
      }
      const columns = teamMemberColumns(input)
      return withUniqueFields(() =>
        database.transaction(async (tx) => {
          const team = createTeamMemberRepository(tx)
          if (columns.email) await refuseTakenEmail(tx, member.tenantId, columns.email)
          if (columns.slug) await refuseTakenSlug(tx, member.tenantId, columns.slug)
          const serviceIds = await checkServices(tx, member.tenantId, input.service_ids)
          const bookable = columns.bookable ?? true
          if (bookable) await refuseBeyondPlan(tx, member.tenantId, 'team_member.add_bookable')
          const values: Omit<NewTeamMember, 'slug'> = {
            name: columns.name ?? input.name,
            email: columns.email ?? null,
            permission: columns.permission ?? 'staff',
            bio: columns.bio ?? '',
            timeZone: columns.timeZone ?? (await team.businessTimeZone(member.tenantId)),
            bookable,
            workingHours: columns.workingHours ?? defaultWorkingHours(),
            // Without one, the repository gives the next colour nobody wears yet.
            ...(columns.color ? { color: columns.color } : {}),
          }
          const row = await insertWithFreeSlug(tx, member.tenantId, values, columns.slug)
          if (serviceIds) await team.setServices(member.tenantId, row.id, serviceIds)
          const view = toTeamMember({ ...row, serviceIds: serviceIds ?? [] }, [])
          await createActivityRepository(tx).record({
            tenantId: member.tenantId,
            actor: member.actor,
            entityType: 'team_member',
            entityId: row.id,
            action: 'created',
            summary: `Added ${row.name} to the team as ${row.permission}`,
            changes: changedFields(null, view, teamMemberFields),
          })
          return view
        }),
      )
    },

    async update(member: Member, id: string, input: TeamMemberPatch): Promise<TeamMember> {
      const columns = teamMemberColumns(input)
      return withUniqueFields(() =>
        database.transaction(async (tx) => {
          const team = createTeamMemberRepository(tx)
          const existing = await team.find(member.tenantId, id, { lock: true })
          if (!existing) throw teamMemberNotFound()
          const proposed: TeamMemberRecord = {
            ...existing,
            ...columns,
            serviceIds: input.service_ids ? [...input.service_ids].sort() : existing.serviceIds,
          }
          const before = toTeamMember(existing, [])
          const changes = changedFields(before, toTeamMember(proposed, []), teamMemberFields)
          authorizeUpdate(
            member,
            existing,
            proposed,
            changes.map((change) => change.field),
          )
          const serviceIds = await checkServices(tx, member.tenantId, input.service_ids)
          // A new name brings a new public address unless a slug of its own was asked for;
          // the old one keeps leading to them (recorded below). Not a change the editor asked
          // for, so it needs no more rights than the rename itself.
          if (proposed.name !== existing.name && (input.slug ?? existing.slug) === existing.slug) {
            const slug = await freeSlugFor(tx, member.tenantId, proposed.name, existing.id)
            if (slug !== existing.slug) {
              columns.slug = slug
              proposed.slug = slug
              changes.push(
                ...changedFields(before, toTeamMember(proposed, []), teamMemberFields).filter(
                  (change) => change.field === 'slug',
                ),
              )
            }
          }
          // Re-saving an unchanged form writes nothing and logs nothing.
          if (changes.length === 0) {
            return (await teamMemberViews(tx, member.tenantId, [existing]))[0] as TeamMember
          }

          if (proposed.email && proposed.email.toLowerCase() !== existing.email?.toLowerCase()) {
            await refuseTakenEmail(tx, member.tenantId, proposed.email, existing.id)
          }
          if (proposed.slug !== existing.slug) {
            await refuseTakenSlug(tx, member.tenantId, proposed.slug, existing.id)
          }
          // Making someone bookable again counts against the plan; making them not bookable,
          // or any other change, never does (a smaller plan takes nothing away).
          if (proposed.bookable && !existing.bookable) {
            await refuseBeyondPlan(tx, member.tenantId, 'team_member.add_bookable')
          }
          const permissionChanged = proposed.permission !== existing.permission
          if (permissionChanged && existing.permission === 'owner') {
            await refuseEndingLastOwner(tx, member.tenantId, existing, 'change their permission')
          }
          const emailChanged =
            (proposed.email?.toLowerCase() ?? null) !== (existing.email?.toLowerCase() ?? null)
          if (emailChanged) {
            await createTeamAccess(tx, member.tenantId, member.actor).followEmailChange(
              existing,
              proposed.email,
              member.teamMemberId,
            )
          }

          await team.update(member.tenantId, existing.id, columns)
          if (proposed.slug !== existing.slug) {
            await team.recordFormerSlug(member.tenantId, existing.slug, existing.id)
          }
          if (serviceIds) await team.setServices(member.tenantId, existing.id, serviceIds)
          // Their access follows their record, in the same transaction.
          if (permissionChanged && existing.userUid) {
            await team.setMembershipPermission(
              member.tenantId,
              existing.userUid,
              proposed.permission,
            )
            await notifyProfileChange(tx, member.tenantId)
          }
          const saved = await team.find(member.tenantId, existing.id)
          if (!saved) throw new Error('The team member vanished inside their own transaction.')
          await createActivityRepository(tx).record({
            tenantId: member.tenantId,
            actor: member.actor,
            entityType: 'team_member',
            entityId: existing.id,
            action: 'updated',
            summary: teamMemberUpdateSummary(saved.name, changes),
            changes,
          })
          return (await teamMemberViews(tx, member.tenantId, [saved]))[0] as TeamMember
        }),
      )
    },

    /**
     * Removes a team member nobody's appointments refer to; one with appointments is made not
     * bookable instead, so the history keeps its names.
     */
    async remove(member: Member, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const team = createTeamMemberRepository(tx)
        const existing = await team.find(member.tenantId, id, { lock: true })
        if (!existing) throw teamMemberNotFound()
        if (existing.permission === 'owner') {
          requireOwnership(member, 'remove an owner')
          await refuseEndingLastOwner(tx, member.tenantId, existing, 'remove them')
        }
        const counts = await team.appointmentCounts(member.tenantId, existing.id, new Date())
        if (counts.upcoming > 0) {
          throw conflict(
            `${existing.name} has ${plural(counts.upcoming, 'upcoming appointment')}; move or cancel them first, or make ${existing.name} not bookable instead.`,
          )
        }
        if (counts.all > 0) {
          throw conflict(
            `${existing.name} appears in the history of ${plural(counts.all, 'appointment')}; make them not bookable and remove their access instead.`,
          )
        }
        await createTeamAccess(tx, member.tenantId, member.actor).endOnDelete(existing)
        await team.delete(member.tenantId, existing.id)
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'team_member',
          entityId: existing.id,
          action: 'deleted',
          summary: `Removed ${existing.name} from the team`,
          changes: changedFields(toTeamMember(existing, []), null, teamMemberFields),
        })
      })
    },
  }
}
