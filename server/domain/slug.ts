import { slugify } from './business-name.ts'

/** The contract's shortest slug; a generated one must pass the same check when sent back. */
const MIN_SLUG_LENGTH = 2

/**
 * The public handle a team member gets when none is given: their name as a slug ("Ana Ruíz"
 * → "ana-ruiz"). Names with no Latin letters or digits, and one-letter names, still get a
 * readable handle that the contract would accept back unchanged.
 */
export function teamMemberSlugBase(name: string): string {
  const hasSlugCharacters = /[a-z0-9]/i.test(name.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
  if (!hasSlugCharacters) return 'team-member'
  const slug = slugify(name)
  return slug.length >= MIN_SLUG_LENGTH ? slug : `team-member-${slug}`
}
