import type { components } from '../../shared/contract/schema'
import { can } from '../../shared/permissions.ts'

type Profile = components['schemas']['Profile']

/**
 * Which appointments the signed-in user may change: owners and admins any
 * (`appointments.write`), staff only those in their own column (`appointments.writeOwn`,
 * `profile.team_member_id`). The server decides the same way; this only keeps the UI from
 * offering what it would refuse.
 */
export interface AppointmentAccess {
  writeAny: boolean
  /** The caller's own team-member record, null when they have none. */
  ownTeamMemberId: string | null
}

export function accessFor(profile: Profile): AppointmentAccess {
  return {
    writeAny: can(profile.permission, 'appointments.write'),
    ownTeamMemberId: can(profile.permission, 'appointments.writeOwn')
      ? profile.team_member_id
      : null,
  }
}

export function mayChangeAppointment(
  access: AppointmentAccess,
  appointment: { team_member_id: string },
): boolean {
  return access.writeAny || appointment.team_member_id === access.ownTeamMemberId
}

/** Whether the user may book at all: in any column, or in their own when they have one. */
export function mayBook(access: AppointmentAccess): boolean {
  return access.writeAny || access.ownTeamMemberId !== null
}
