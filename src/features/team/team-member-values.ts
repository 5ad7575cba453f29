import type { components } from '../../../shared/contract/schema'
import { collectErrors, isBlank } from '../../components/form/validation'
import { workingHoursErrors } from '../../domain/working-hours-rules'
import { changedFields, type FieldErrors } from '../../machines/entity-form.machine'

export type TeamMember = components['schemas']['TeamMember']
export type TeamMemberInput = components['schemas']['TeamMemberInput']
export type TeamMemberPatch = components['schemas']['TeamMemberPatch']
export type TimeOff = components['schemas']['TimeOff']
export type TimeOffInput = components['schemas']['TimeOffInput']
export type WorkingDay = components['schemas']['WorkingDay']
export type Permission = components['schemas']['Permission']

/**
 * A team member as the form edits it. Blank e-mail and slug mean "none" and "make one up"; a
 * blank colour (a new member) means "the next colour nobody in the business wears yet".
 */
export interface TeamMemberValues {
  name: string
  email: string
  permission: Permission
  slug: string
  bio: string
  time_zone: string
  bookable: boolean
  color: string
  service_ids: string[]
  working_hours: WorkingDay[]
}

/** Monday to Friday, nine to five: what the server also gives a member created without hours. */
export function defaultWorkingHours(): WorkingDay[] {
  return [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00', breaks: [] }))
}

export function newTeamMemberValues(timeZone: string): TeamMemberValues {
  return {
    name: '',
    email: '',
    permission: 'staff',
    slug: '',
    bio: '',
    time_zone: timeZone,
    bookable: true,
    color: '',
    service_ids: [],
    working_hours: defaultWorkingHours(),
  }
}

export function teamMemberToValues(member: TeamMember): TeamMemberValues {
  return {
    name: member.name,
    email: member.email ?? '',
    permission: member.permission,
    slug: member.slug,
    bio: member.bio,
    time_zone: member.time_zone,
    bookable: member.bookable,
    color: member.color,
    service_ids: [...member.service_ids],
    working_hours: member.working_hours.map((day) => ({
      ...day,
      breaks: day.breaks.map((pause) => ({ ...pause })),
    })),
  }
}

/** The body of createTeamMember. */
export function teamMemberInput(values: TeamMemberValues): TeamMemberInput {
  const slug = values.slug.trim()
  return {
    name: values.name.trim(),
    email: isBlank(values.email) ? null : values.email.trim(),
    permission: values.permission,
    // Left out, the server makes one from the name.
    ...(slug ? { slug } : {}),
    bio: values.bio.trim(),
    time_zone: values.time_zone,
    bookable: values.bookable,
    // Left out, the server gives the next unused colour of the palette.
    ...(values.color ? { color: values.color } : {}),
    service_ids: values.service_ids,
    working_hours: values.working_hours,
  }
}

/** The body of updateTeamMember: only what changed (staff may send only their own fields). */
export function teamMemberPatch(
  initial: TeamMemberValues,
  values: TeamMemberValues,
): TeamMemberPatch {
  return changedFields(teamMemberInput(initial), teamMemberInput(values))
}

/** Fields a staff member may change on their own record (the server enforces the same). */
export const SELF_EDITABLE_FIELDS = ['name', 'bio', 'time_zone', 'working_hours'] as const

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const HEX_COLOUR_PATTERN = /^#[0-9a-f]{6}$/i

/** A public handle from a name: "Zoë Martín-Ruiz" → "zoe-martin-ruiz". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
}

export function validateTeamMember(values: TeamMemberValues): FieldErrors {
  const slug = values.slug.trim()
  return {
    ...collectErrors({
      name: isBlank(values.name) && 'Enter the team member’s name.',
      email:
        !isBlank(values.email) &&
        !EMAIL_PATTERN.test(values.email.trim()) &&
        'Enter an e-mail address like name@example.com.',
      slug:
        slug !== '' &&
        (slug.length < 2 || slug.length > 60 || !SLUG_PATTERN.test(slug)) &&
        'Use 2–60 lowercase letters, digits and single hyphens, e.g. ada-park.',
      time_zone: isBlank(values.time_zone) && 'Choose a time zone.',
      color:
        values.color !== '' &&
        !HEX_COLOUR_PATTERN.test(values.color) &&
        'Pick a colour or type one like #4f46e5.',
    }),
    ...workingHoursErrors(values.working_hours),
  }
}

export const PERMISSION_LABELS: Record<Permission, string> = {
  owner: 'Owner',
  admin: 'Admin',
  staff: 'Staff',
}

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  owner: 'Everything, including billing and ownership',
  admin: 'Everything but billing and ownership',
  staff: 'Customers, and their own profile, hours and time off',
}
