import { can, type Permission } from '../../shared/permissions.ts'

/** Who did something: the signed-in user, as their token names them. */
export interface Actor {
  uid: string
  name: string | null
  email: string | null
}

/** The signed-in user as a member of the business every tenant-scoped query is limited to. */
export interface Member {
  tenantId: string
  uid: string
  permission: Permission
  /** Their own team-member record in this business, if they have one. */
  teamMemberId: string | null
  actor: Actor
}

/**
 * Whose appointments the member writes: anyone's (null) with 'appointments.write', else only
 * their own column. The access check refuses a member with neither before a handler runs.
 */
export function appointmentColumnOf(member: Member): string | null {
  if (can(member.permission, 'appointments.write')) return null
  if (!member.teamMemberId) throw new Error('An own-column write reached a handler without one.')
  return member.teamMemberId
}
