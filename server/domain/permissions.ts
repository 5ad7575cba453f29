/**
 * Who may do what in a business. Pure and shared: the server enforces it (403 problem+json),
 * the staff app imports the same table to hide what a role cannot do.
 *
 * owner: everything. admin: everything but billing and ownership. staff: read services and
 * the team, read and write customers, and manage their own team-member profile, working
 * hours and time off.
 */
export type Permission = 'owner' | 'admin' | 'staff'

export type Capability =
  | 'services.read'
  | 'services.write'
  | 'customers.read'
  | 'customers.write'
  | 'customers.delete'
  | 'team.read'
  | 'team.write'
  /** Name, bio, time zone, working hours and time off of one's own team-member record. */
  | 'team.writeSelf'
  | 'settings.read'
  | 'settings.write'
  | 'business.read'
  | 'business.write'
  | 'activity.read'
  | 'billing.manage'
  /** Making someone an owner, or changing or removing an owner. */
  | 'ownership.manage'

const staffCapabilities: readonly Capability[] = [
  'services.read',
  'customers.read',
  'customers.write',
  'team.read',
  'team.writeSelf',
  'business.read',
]

const adminCapabilities: readonly Capability[] = [
  ...staffCapabilities,
  'services.write',
  'customers.delete',
  'team.write',
  'settings.read',
  'settings.write',
  'business.write',
  'activity.read',
]

const ownerCapabilities: readonly Capability[] = [
  ...adminCapabilities,
  'billing.manage',
  'ownership.manage',
]

const capabilities: Record<Permission, ReadonlySet<Capability>> = {
  owner: new Set(ownerCapabilities),
  admin: new Set(adminCapabilities),
  staff: new Set(staffCapabilities),
}

export function can(permission: Permission, capability: Capability): boolean {
  return capabilities[permission].has(capability)
}

/** Fields of their own team-member record a staff member may change. */
export const selfEditableTeamMemberFields = ['name', 'bio', 'time_zone', 'working_hours'] as const
