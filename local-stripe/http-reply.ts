/** A response before it is written: API routes, control routes and hosted pages all make one. */
export interface HttpReply {
  status: number
  headers: Record<string, string>
  body: string
}

export function jsonReply(status: number, value: unknown): HttpReply {
  return {
    status,
    headers: { 'Content-Type': 'application/json' },
    body: `${JSON.stringify(value, null, 2)}\n`,
  }
}

export function htmlReply(status: number, html: string): HttpReply {
  return { status, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: html }
}

/** 303 See Other: after a form POST the browser follows with a GET. */
export function redirectReply(location: string): HttpReply {
  return { status: 303, headers: { Location: location }, body: '' }
}
