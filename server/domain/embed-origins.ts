/** At most this many websites may frame a business's booking page. */
export const MAX_EMBED_ORIGINS = 20

// What a host may be once the URL parser has normalised it: DNS labels (IDNs arrive as
// punycode) or a bracketed IPv6 address. Nothing else: the value goes into a CSP header,
// where a space, a `;` or a `*` would change the policy.
const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/
const IPV6 = /^\[[0-9a-f:.]+\]$/

/**
 * The origin a business typed, in the one spelling the browser compares frame ancestors
 * with (`https://www.example.com`, `http://localhost:8080`), or null when it is not an
 * origin: another scheme, a path, a query, a fragment, credentials or a wildcard.
 */
export function normaliseEmbedOrigin(value: string): string | null {
  const text = value.trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password || url.search || url.hash) return null
  // The parser turns "https://example.com" into the path "/"; anything longer is a path.
  if (url.pathname !== '/' || /^[a-z]+:\/\/[^/]+\/./i.test(text)) return null
  if (text.endsWith('?') || text.endsWith('#')) return null
  if (!HOSTNAME.test(url.hostname) && !IPV6.test(url.hostname)) return null
  return url.origin
}

export type EmbedOriginsCheck =
  | { ok: true; origins: string[] }
  | { ok: false; errors: { index: number; message: string }[] }

/** Every origin normalised and each kept once (first spelling's place), or what is wrong. */
export function checkEmbedOrigins(values: readonly string[]): EmbedOriginsCheck {
  const origins: string[] = []
  const errors: { index: number; message: string }[] = []
  values.forEach((value, index) => {
    const origin = normaliseEmbedOrigin(value)
    if (origin === null) {
      errors.push({
        index,
        message:
          'must be a website origin: http:// or https://, a host and an optional port, with no path (e.g. https://www.example.com)',
      })
    } else if (!origins.includes(origin)) {
      origins.push(origin)
    }
  })
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, origins }
}

/**
 * The CSP `frame-ancestors` sources of the embed routes: `*` when the business allows any
 * website, its listed origins otherwise, and `'none'` when it lists none.
 */
export function embedFrameAncestors(settings: {
  anyOrigin: boolean
  origins: readonly string[]
}): string[] {
  if (settings.anyOrigin) return ['*']
  // Stored origins were checked on the way in; checking again keeps a hand-edited row from
  // ever widening the header.
  const origins = settings.origins.filter((origin) => normaliseEmbedOrigin(origin) === origin)
  return origins.length > 0 ? origins : ["'none'"]
}
