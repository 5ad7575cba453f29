/** A response before it is written: API routes, OAuth endpoints and the consent page all make one. */
export interface HttpReply {
  status: number
  headers: Record<string, string>
  body: string
}

export function jsonReply(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): HttpReply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=UTF-8', ...headers },
    body: `${JSON.stringify(value, null, 2)}\n`,
  }
}

export function emptyReply(status = 204): HttpReply {
  return { status, headers: {}, body: '' }
}

export function htmlReply(status: number, html: string): HttpReply {
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "frame-ancestors 'none'",
    },
    body: html,
  }
}

/** 302 Found: where Google's consent screen sends the browser back to the app. */
export function redirectReply(location: string): HttpReply {
  return { status: 302, headers: { Location: location }, body: '' }
}

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character)
}
