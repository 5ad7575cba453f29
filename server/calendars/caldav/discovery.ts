/*
 * From the address a member typed to their calendars (RFC 4791 and RFC 6764): a bare server
 * (`https://caldav.icloud.com`, `https://cloud.example.com`) is looked up at
 * `/.well-known/caldav`; the context found there (or the address itself) names its
 * current-user-principal, whose calendar-home-set holds the calendars. An address that is
 * already a calendar home, a principal or one calendar is taken as it is.
 */

import type { DAVResponse } from 'tsdav'
import { ConnectorError, type RemoteCalendar } from '../connector.ts'
import {
  absoluteUrl,
  collectionUrl,
  type DavClient,
  plainAnswer,
  propHref,
  propText,
  resourcesOf,
} from './dav-client.ts'

const CALENDAR_PROPS = {
  'd:resourcetype': {},
  'd:displayname': {},
  'ca:calendar-color': {},
  'c:supported-calendar-component-set': {},
  'd:current-user-privilege-set': {},
}

/** The calendars holding events that the address leads to. */
export async function discoverCalendars(
  client: DavClient,
  serverUrl: string,
): Promise<RemoteCalendar[]> {
  const start = new URL(serverUrl)
  const context = start.pathname === '/' ? await wellKnownContext(client, start) : start.href
  const here = await propfindOne(client, context, {
    ...CALENDAR_PROPS,
    'd:current-user-principal': {},
    'c:calendar-home-set': {},
  })
  if (isCalendar(here)) return [here].filter(holdsEvents).map((one) => remoteCalendar(one, context))

  const principal = propHref(here.props?.currentUserPrincipal)
  const homeSet =
    propHref(here.props?.calendarHomeSet) ??
    (principal
      ? propHref(
          (
            await propfindOne(client, absoluteUrl(principal, context), {
              'c:calendar-home-set': {},
            })
          ).props?.calendarHomeSet,
        )
      : undefined)
  const home = homeSet ? absoluteUrl(homeSet, context) : context
  const members = await client.propfind(collectionUrl(home), CALENDAR_PROPS, '1')
  refuseUnless207(members, home)
  return resourcesOf(members)
    .filter((member) => isCalendar(member) && holdsEvents(member))
    .map((member) => remoteCalendar(member, home))
}

/** Where `/.well-known/caldav` sends us; the server's root when it sends us nowhere. */
async function wellKnownContext(client: DavClient, start: URL): Promise<string> {
  const wellKnown = new URL('/.well-known/caldav', start)
  const response = await client.fetch(wellKnown, {
    method: 'PROPFIND',
    headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
    body: '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>',
    redirect: 'manual',
  })
  await response.body?.cancel()
  const location =
    response.status >= 300 && response.status < 400 && response.headers.get('location')
  return location ? new URL(location, wellKnown).href : start.href
}

async function propfindOne(
  client: DavClient,
  url: string,
  props: Record<string, object>,
): Promise<DAVResponse> {
  const responses = await client.propfind(url, props, '0')
  refuseUnless207(responses, url)
  const [first] = resourcesOf(responses)
  if (!first) throw new ConnectorError('protocol', `${new URL(url).host} described nothing`)
  return first
}

function refuseUnless207(responses: DAVResponse[], url: string): void {
  const answer = plainAnswer(responses)
  if (!answer) return
  const host = new URL(url).host
  if (answer.status === 403) {
    throw new ConnectorError('needs_reconnect', `${host} refused access (403)`)
  }
  throw new ConnectorError(
    'protocol',
    `${host} does not answer as a CalDAV server at this address (${answer.status})`,
  )
}

function isCalendar(response: DAVResponse): boolean {
  const type = response.props?.resourcetype
  return Boolean(type && typeof type === 'object' && 'calendar' in type)
}

/** A calendar without a component list takes every kind; one that lists them must name VEVENT. */
function holdsEvents(response: DAVResponse): boolean {
  const comp = response.props?.supportedCalendarComponentSet?.comp
  if (!comp) return true
  const names = (Array.isArray(comp) ? comp : [comp]).map((one) =>
    String(one?._attributes?.name ?? '').toUpperCase(),
  )
  return names.includes('VEVENT')
}

function remoteCalendar(response: DAVResponse & { href?: string }, base: string): RemoteCalendar {
  const id = collectionUrl(absoluteUrl(response.href ?? base, base))
  const name = propText(response.props?.displayname)?.trim()
  return {
    id,
    name: name || decodeURIComponent(new URL(id).pathname.split('/').filter(Boolean).pop() ?? ''),
    colour: colourOf(propText(response.props?.calendarColor)),
    writable: isWritable(response.props?.currentUserPrivilegeSet),
  }
}

/** Apple's calendar-color is `#RRGGBB` or `#RRGGBBAA`; we keep `#rrggbb`. */
function colourOf(value: string | undefined): string | undefined {
  const match = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(value?.trim() ?? '')
  return match ? `#${match[1]?.toLowerCase()}` : undefined
}

/**
 * Whether we may add events: DAV:all or DAV:write, or bind with write-content (RFC 3744). A
 * server that does not say is taken at its word that it is a calendar of ours: writable.
 */
function isWritable(privilegeSet: unknown): boolean {
  if (!privilegeSet || typeof privilegeSet !== 'object') return true
  const privilege = (privilegeSet as { privilege?: unknown }).privilege
  const granted = new Set(
    (Array.isArray(privilege) ? privilege : [privilege]).flatMap((one) =>
      one && typeof one === 'object' ? Object.keys(one) : [],
    ),
  )
  return (
    granted.has('all') ||
    granted.has('write') ||
    (granted.has('bind') && granted.has('writeContent'))
  )
}
