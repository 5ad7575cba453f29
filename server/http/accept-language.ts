/**
 * The language tags of an `Accept-Language` header, most wanted first (by `q`, then by
 * order); `*` and tags refused with `q=0` are left out. A malformed part is skipped.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  const tags: { tag: string; quality: number; order: number }[] = []
  header.split(',').forEach((part, order) => {
    const [rawTag, ...parameters] = part.trim().split(';')
    const tag = rawTag?.trim() ?? ''
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return
    let quality = 1
    for (const parameter of parameters) {
      const [name, value] = parameter.trim().split('=')
      if (name?.trim() === 'q') quality = Number(value)
    }
    if (Number.isFinite(quality) && quality > 0) tags.push({ tag, quality, order })
  })
  return tags.sort((a, b) => b.quality - a.quality || a.order - b.order).map(({ tag }) => tag)
}
