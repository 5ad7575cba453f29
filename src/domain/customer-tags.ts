export const MAX_TAGS = 20
export const MAX_TAG_LENGTH = 40

/** A typed tag as it is stored: trimmed, inner spaces collapsed. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ')
}

/**
 * Adds a typed tag to the list, or says why not. Tags compare without case ("VIP" is "vip"),
 * so a list never holds two spellings of one tag.
 */
export function addTag(
  tags: readonly string[],
  raw: string,
): { tags: string[]; error: string | null } {
  const tag = normalizeTag(raw)
  if (tag === '') return { tags: [...tags], error: null }
  if (tag.length > MAX_TAG_LENGTH) {
    return { tags: [...tags], error: `A tag has at most ${MAX_TAG_LENGTH} characters.` }
  }
  if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) {
    return { tags: [...tags], error: `“${tag}” is already there.` }
  }
  if (tags.length >= MAX_TAGS) {
    return { tags: [...tags], error: `A customer has at most ${MAX_TAGS} tags.` }
  }
  return { tags: [...tags, tag], error: null }
}
