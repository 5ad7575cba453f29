/**
 * The name of the business created for a new user: "Dana Smith's Business", from the name
 * they typed. Never from their e-mail: the name and its slug are public (the booking page's
 * heading and address), and an address or its local part must not leak there.
 */
export function firstBusinessName(user: { name: string | null }): string {
  const name = user.name?.trim()
  return name ? `${name}'s Business` : 'My Business'
}

/**
 * The public name of a new owner's own team member: what they typed, or "Owner" (never their
 * e-mail, for the same reason as the business name).
 */
export function ownerTeamMemberName(user: { name: string | null }): string {
  return user.name?.trim() || 'Owner'
}

const MAX_SLUG_LENGTH = 40

/** A URL-safe handle: lower-case ASCII letters and digits joined by single hyphens. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '')
  return slug || 'business'
}

/**
 * Slugs to try in order until one is free: the plain slug, a few readable numbered variants,
 * then random suffixes so a popular name can never exhaust the list.
 */
export function* slugCandidates(base: string, random: () => string): Generator<string> {
  yield base
  for (let n = 2; n <= 5; n++) yield `${base}-${n}`
  for (;;) yield `${base}-${random()}`
}
