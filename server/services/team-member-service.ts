import { randomBytes } from 'node:crypto'
import type { components } from '../../shared/contract/schema.d.ts'
import { can, selfEditableTeamMemberFields } from '../../shared/permissions.ts'
import type { Database, Db } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createServiceRepository } from '../db/repositories/service-repository.ts'
import {
  createTeamMemberRepository,
  type NewTeamMember,
  type TeamMemberRecord,
} from '../db/repositories/team-member-repository.ts'
import { changedFields } from '../domain/activity-changes.ts'
import { slugCandidates } from '../domain/business-name.ts'
import type { Member } from '../domain/member.ts'
import { plural } from '../domain/plural.ts'
import { assertValid, conflict, type FieldError, forbidden, Refusal } from '../domain/refusal.ts'
import { teamMemberSlugBase } from '../domain/slug.ts'
import { teamMemberFields, teamMemberUpdateSummary } from '../domain/team-member-changes.ts'
import {
  defaultWorkingHours,
  normalizeWorkingHours,
  workingHoursErrors,
} from '../domain/working-hours.ts'
import { notifyProfileChange } from '../realtime/live-events.ts'
import { refuseBeyondPlan } from './billing/current-plan.ts'
import { createTeamAccess, refuseEndingLastOwner } from './team-access-service.ts'
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

const MAX_SLUG_ATTEMPTS = 20

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

/** Only an owner touches ownership; the 403 reads like every other missing capability. */
function requireOwnership(member: Member, what: string): void {
  if (!can(member.permission, 'ownership.manage')) {
    throw forbidden(`You don't have permission to ${what}.`)
  }
}

/**
 * Owners and admins change anyone; only an owner touches ownership (who is an owner, and an
 * owner's e-mail, which is where a pending owner invitation would go). Staff change only
 * their own name, bio, time zone and working hours: other fields sent unchanged are fine,
 * so a form that posts everything still works.
 */
function authorizeUpdate(
  member: Member,
  target: TeamMemberRecord,
  proposed: TeamMemberRecord,
  changed: string[],
): void {
  if (!can(member.permission, 'team.write')) {
    const isSelf = member.teamMemberId === target.id && can(member.permission, 'team.writeSelf')
    if (!isSelf) throw forbidden('You can change only your own team-member profile.')
    const selfEditable: readonly string[] = selfEditableTeamMemberFields
    const refused = changed.filter((field) => !selfEditable.includes(field))
    if (refused.length > 0) {
      throw new Refusal(
        'forbidden',
        `You can change only your own name, bio, time zone and working hours, not ${refused.join(', ')}.`,
        {
          errors: refused.map((field) => ({
            path: `body.${field}`,
            message: 'cannot be changed by staff',
          })),
        },
      )
    }
    return
  }
  const ownershipChanges =
    changed.includes('permission') &&
    (target.permission === 'owner' || proposed.permission === 'owner')
  if (ownershipChanges) {
    requireOwnership(member, 'change who owns the business')
  }
  if (target.permission === 'owner' && changed.includes('email')) {
    requireOwnership(member, "change an owner's e-mail")
  }
}

async function refuseTakenEmail(tx: Db, tenantId: string, email: string, exceptId?: string) {
  const clash = await createTeamMemberRepository(tx).findByEmail(tenantId, email, exceptId)
  if (!clash) return
  throw conflict(`${clash.name} already uses the e-mail ${email} in your team.`, {
    errors: [{ path: 'body.email', message: `is already used by ${clash.name}` }],
    existing: { id: clash.id, href: `/team/${clash.id}/edit` },
  })
}

async function refuseTakenSlug(tx: Db, tenantId: string, slug: string, exceptId?: string) {
  const clash = await createTeamMemberRepository(tx).findBySlug(tenantId, slug, exceptId)
  if (!clash) return
  throw conflict(`${clash.name} already has the public slug "${slug}".`, {
    errors: [{ path: 'body.slug', message: `is already used by ${clash.name}` }],
    existing: { id: clash.id, href: `/team/${clash.id}/edit` },
  })
}

/** The first slug made from the name that nobody else in the business has. */
async function freeSlugFor(tx: Db, tenantId: string, name: string, exceptId: string) {
  const team = createTeamMemberRepository(tx)
  let attempts = 0
  for (const candidate of slugCandidates(teamMemberSlugBase(name), () =>
    randomBytes(3).toString('hex'),
  )) {
    if (!(await team.findBySlug(tenantId, candidate, exceptId))) return candidate
    if (++attempts > 20) break
  }
  throw conflict('No free public slug was found for this name; choose one.', {
    errors: [{ path: 'body.slug', message: 'is already taken' }],
  })
}

/** Inserts with the given slug, or the first free one made from the name. */
async function insertWithFreeSlug(
  tx: Db,
  tenantId: string,
  values: Omit<NewTeamMember, 'slug'>,
  slug: string | undefined,
) {
  const team = createTeamMemberRepository(tx)
  const candidates = slug
    ? [slug]
    : slugCandidates(teamMemberSlugBase(values.name), () => randomBytes(3).toString('hex'))
  let attempts = 0
  for (const candidate of candidates) {
    if (++attempts > MAX_SLUG_ATTEMPTS) break
    const row = await team.createIfSlugFree(tenantId, { ...values, slug: candidate })
    if (row) return row
  }
  throw conflict('That public slug was just taken; choose another.', {
    errors: [{ path: 'body.slug', message: 'is already taken' }],
  })
}

/**
 * Unique e-mails and slugs are checked before writing; two requests racing past the check
 * on PostgreSQL still meet the unique index, whose violation names the field here.
 */
async function withUniqueFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const field = uniqueFieldOf(error)
    if (!field) throw error
    throw conflict(`Another team member already has this ${field.replace('_', ' ')}.`, {
      errors: [{ path: `body.${field}`, message: 'is already taken' }],
      cause: error,
    })
  }
}

const uniqueConstraintFields: Record<string, string> = {
  team_members_tenant_email_unique: 'email',
  team_members_tenant_slug_unique: 'slug',
}

function uniqueFieldOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (code === '23505' && typeof constraint === 'string')
      return uniqueConstraintFields[constraint]
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The columns a create or patch body sets, after the rules the contract cannot express. */
function teamMemberColumns(input: TeamMemberPatch): Partial<NewTeamMember> {
  const errors: FieldError[] = []
  const columns: Partial<NewTeamMember> = {}
  if (input.name !== undefined) {
    columns.name = input.name.trim()
    if (!columns.name) errors.push({ path: 'body.name', message: 'must not be blank' })
  }
  if (input.email !== undefined) columns.email = input.email
  if (input.permission !== undefined) columns.permission = input.permission
  if (input.slug !== undefined) columns.slug = input.slug
  if (input.bio !== undefined) columns.bio = input.bio
  if (input.time_zone !== undefined) columns.timeZone = input.time_zone
  if (input.bookable !== undefined) columns.bookable = input.bookable
  if (input.working_hours !== undefined) {
    errors.push(...workingHoursErrors(input.working_hours, 'body.working_hours'))
    columns.workingHours = normalizeWorkingHours(input.working_hours)
  }
  assertValid(errors)
  return columns
}

/** The given services, sorted, once each checked to belong to this business. */
async function checkServices(
  tx: Db,
  tenantId: string,
  ids: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (ids === undefined) return undefined
  const known = await createServiceRepository(tx).existingIds(tenantId, ids)
  const unknown = ids.filter((id) => !known.has(id))
  assertValid(
    unknown.length === 0
      ? []
      : [
          {
            path: 'body.service_ids',
            message: `contains ${plural(unknown.length, 'id')} that ${unknown.length === 1 ? 'is not a service' : 'are not services'} of this business: ${unknown.join(', ')}`,
          },
        ],
  )
  return [...ids].sort()
}
