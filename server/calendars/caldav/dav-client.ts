/*
 * WebDAV requests of one CalDAV connection, on tsdav: it writes the XML bodies and reads the
 * multistatus answers; this adds the connection's basic auth and the provider fetch (timeout,
 * address check, the failures every request shares), and hands back every status, since what
 * a 403, 404 or 412 means depends on the request.
 */

import { type DAVDepth, type DAVResponse, davRequest } from 'tsdav'
import type { ProviderFetch } from '../provider-fetch.ts'

/** The namespaces every body declares, so any element may use the short prefixes. */
const NAMESPACES = {
  'xmlns:d': 'DAV:',
  'xmlns:c': 'urn:ietf:params:xml:ns:caldav',
  'xmlns:cs': 'http://calendarserver.org/ns/',
  'xmlns:ca': 'http://apple.com/ns/ical/',
}

/** A property list for PROPFIND or a REPORT's `d:prop`: `{ 'd:getetag': {} }`. */
export type DavProps = Record<string, object>

export type WriteCondition = { ifMatch: string } | { ifNoneMatch: '*' } | null

export interface DavClient {
  propfind(url: string, props: DavProps, depth: DAVDepth): Promise<DAVResponse[]>
  /** A REPORT; `body` is the root element in tsdav's notation, `{ 'c:calendar-query': {...} }`. */
  report(url: string, body: Record<string, object>, depth?: DAVDepth): Promise<DAVResponse[]>
  put(url: string, calendarText: string, condition: WriteCondition): Promise<Response>
  remove(url: string, etag: string | null): Promise<Response>
  /** The raw fetch with the connection's credentials (discovery's redirects). */
  fetch: ProviderFetch
}

export function davClient(fetchFor: ProviderFetch, username: string, password: string): DavClient {
  // UTF-8 before base64 (RFC 7617's charset): passwords are not always Latin-1.
  const authorization = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`
  const fetchWithAuth: ProviderFetch = (input, init = {}) =>
    fetchFor(input, { ...init, headers: { ...headersOf(init), authorization } })

  const request = (
    url: string,
    method: 'PROPFIND' | 'REPORT',
    body: object,
    depth: DAVDepth | undefined,
  ) =>
    davRequest({
      url,
      init: { method, headers: depth ? { depth } : {}, body },
      fetch: fetchWithAuth,
    })

  return {
    propfind: (url, props, depth) =>
      request(
        url,
        'PROPFIND',
        { 'd:propfind': { _attributes: NAMESPACES, 'd:prop': props } },
        depth,
      ),
    report: (url, body, depth) => {
      const [root, content] = Object.entries(body)[0] ?? []
      if (!root) throw new Error('A REPORT needs a root element')
      return request(url, 'REPORT', { [root]: { _attributes: NAMESPACES, ...content } }, depth)
    },
    put: (url, calendarText, condition) =>
      fetchWithAuth(url, {
        method: 'PUT',
        body: calendarText,
        headers: {
          'content-type': 'text/calendar; charset=utf-8',
          ...(condition && 'ifMatch' in condition ? { 'if-match': condition.ifMatch } : {}),
          ...(condition && 'ifNoneMatch' in condition ? { 'if-none-match': '*' } : {}),
        },
      }),
    remove: (url, etag) =>
      fetchWithAuth(url, { method: 'DELETE', headers: etag ? { 'if-match': etag } : {} }),
    fetch: fetchWithAuth,
  }
}

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries())
}

/** A property's text, however the XML reader gave it (text, CDATA, a number it guessed). */
export function propText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value && typeof value === 'object') {
    const holder = value as { _cdata?: unknown; _text?: unknown }
    return propText(holder._cdata ?? holder._text)
  }
  return undefined
}

/** The first `href` inside a property such as current-user-principal or calendar-home-set. */
export function propHref(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined
  const href = (value as { href?: unknown }).href
  return propText(Array.isArray(href) ? href[0] : href)
}

/** The responses of a multistatus that name a resource (an empty one yields a placeholder). */
export function resourcesOf(responses: DAVResponse[]): (DAVResponse & { href: string })[] {
  return responses.filter((response): response is DAVResponse & { href: string } =>
    Boolean(response.href && response.raw?.multistatus),
  )
}

/** `href` resolved against `base`, in the one form refs and calendar ids are compared in. */
export function absoluteUrl(href: string, base: string): string {
  return new URL(href, base).href
}

/** A collection's URL ends with a slash, so its members resolve inside it. */
export function collectionUrl(url: string): string {
  const parsed = new URL(url)
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/'
  return parsed.href
}

/**
 * When the server answered a PROPFIND or REPORT with something other than a multistatus (an
 * error status, an HTML page), that answer's status and body; null for a multistatus.
 */
export function plainAnswer(responses: DAVResponse[]): { status: number; body: string } | null {
  const [first] = responses
  if (!first || first.raw?.multistatus) return null
  return { status: first.status, body: typeof first.raw === 'string' ? first.raw : '' }
}
