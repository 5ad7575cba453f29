/**
 * A team member's create or patch body as columns, held to the rules the contract cannot
 * express (a name not blank, working hours that make sense, services of this business).
 */
import type { components } from '../../shared/contract/schema.d.ts'
import type { Db } from '../db/database.ts'
import { createServiceRepository } from '../db/repositories/service-repository.ts'
import type { NewTeamMember } from '../db/repositories/team-member-repository.ts'
import { plural } from '../domain/plural.ts'
import { assertValid, type FieldError } from '../domain/refusal.ts'
import { normalizeWorkingHours, workingHoursErrors } from '../domain/working-hours.ts'

type TeamMemberPatch = components['schemas']['TeamMemberPatch']

/** The columns a create or patch body sets, after the rules the contract cannot express. */
export function teamMemberColumns(input: TeamMemberPatch): Partial<NewTeamMember> {
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
  if (input.color !== undefined) columns.color = input.color.toLowerCase()
  if (input.working_hours !== undefined) {
    errors.push(...workingHoursErrors(input.working_hours, 'body.working_hours'))
    columns.workingHours = normalizeWorkingHours(input.working_hours)
  }
  assertValid(errors)
  return columns
}

/** The given services, sorted, once each checked to belong to this business. */
export async function checkServices(
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
