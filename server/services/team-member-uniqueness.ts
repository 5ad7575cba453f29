/**
 * A team member's e-mail and public slug are unique in their business: the clashes refused
 * before writing, the free slug chosen from a name, and the unique index's word when two
 * requests race past the checks.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/database.ts'
import {
  createTeamMemberRepository,
  type NewTeamMember,
} from '../db/repositories/team-member-repository.ts'
import { uniqueViolationOf } from '../db/sql-state.ts'
import { slugCandidates } from '../domain/business-name.ts'
import { conflict } from '../domain/refusal.ts'
import { teamMemberSlugBase } from '../domain/slug.ts'

const MAX_SLUG_ATTEMPTS = 20

export async function refuseTakenEmail(tx: Db, tenantId: string, email: string, exceptId?: string) {
  const clash = await createTeamMemberRepository(tx).findByEmail(tenantId, email, exceptId)
  if (clash)
    throw takenBy(clash, 'email', `${clash.name} already uses the e-mail ${email} in your team.`)
}

export async function refuseTakenSlug(tx: Db, tenantId: string, slug: string, exceptId?: string) {
  const clash = await createTeamMemberRepository(tx).findBySlug(tenantId, slug, exceptId)
  if (clash) throw takenBy(clash, 'slug', `${clash.name} already has the public slug "${slug}".`)
}

/** The field is another team member's: the refusal links to them. */
function takenBy(clash: { id: string; name: string }, field: 'email' | 'slug', detail: string) {
  return conflict(detail, {
    errors: [{ path: `body.${field}`, message: `is already used by ${clash.name}` }],
    existing: { id: clash.id, href: `/team/${clash.id}/edit` },
  })
}

/** The slugs a name makes, most readable first, then with random suffixes. */
function slugsFromName(name: string): Iterable<string> {
  return slugCandidates(teamMemberSlugBase(name), () => randomBytes(3).toString('hex'))
}

/** The first slug made from the name that nobody else in the business has. */
export async function freeSlugFor(tx: Db, tenantId: string, name: string, exceptId: string) {
  const team = createTeamMemberRepository(tx)
  let attempts = 0
  for (const candidate of slugsFromName(name)) {
    if (!(await team.findBySlug(tenantId, candidate, exceptId))) return candidate
    if (++attempts > MAX_SLUG_ATTEMPTS) break
  }
  throw conflict('No free public slug was found for this name; choose one.', {
    errors: [{ path: 'body.slug', message: 'is already taken' }],
  })
}

/** Inserts with the given slug, or the first free one made from the name. */
export async function insertWithFreeSlug(
  tx: Db,
  tenantId: string,
  values: Omit<NewTeamMember, 'slug'>,
  slug: string | undefined,
) {
  const team = createTeamMemberRepository(tx)
  const candidates = slug ? [slug] : slugsFromName(values.name)
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
export async function withUniqueFields<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    const constraint = uniqueViolationOf(error)
    const field = constraint === undefined ? undefined : uniqueConstraintFields[constraint]
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
