import type { calendar_v3 } from '@googleapis/calendar'
import type { ServiceContext } from '../context.ts'
import { notFound } from '../errors.ts'
import { emptyReply, type HttpReply, jsonReply } from '../http-reply.ts'
import type { Channel } from '../state.ts'
import { authenticate, calendarFor, failIfInjected, requireScope, requireWriter } from './access.ts'
import { listCalendars } from './calendar-list.ts'
import { stopChannel, watchEvents } from './channels.ts'
import { listEvents } from './event-list.ts'
import { changeEvent, deleteEvent, getEvent, insertEvent } from './events.ts'

/** A Calendar API v3 request, read from HTTP by the server. */
export interface ApiRequest {
  method: string
  /** Decoded path segments after `/calendar/v3/`. */
  segments: string[]
  query: Record<string, string>
  body: unknown
  authorization: string | undefined
  ifMatch: string | undefined
}

type Deliver = (channel: Channel, state: 'sync' | 'exists') => void

/** The slice of Calendar API v3 the app calls; anything else is Google's 404. */
export function answerCalendarApi(
  context: ServiceContext,
  request: ApiRequest,
  deliver: Deliver,
): HttpReply {
  const caller = authenticate(context, request.authorization)
  failIfInjected(context)
  const { method, segments, query } = request
  const body = (request.body ?? {}) as calendar_v3.Schema$Event & calendar_v3.Schema$Channel
  const [first, second, third, fourth, fifth] = segments
  if (method === 'GET' && first === 'users' && second === 'me' && third === 'calendarList') {
    requireScope(caller, 'listCalendars')
    return jsonReply(200, listCalendars(context, caller))
  }
  if (method === 'POST' && first === 'channels' && second === 'stop' && segments.length === 2) {
    requireScope(caller, 'readEvents')
    stopChannel(context.state, body)
    return emptyReply()
  }
  if (first !== 'calendars' || !second || third !== 'events' || segments.length > 5) {
    throw notFound()
  }
  const calendar = calendarFor(context, caller, second)
  if (fourth === undefined) {
    if (method === 'GET') {
      requireScope(caller, 'readEvents')
      return jsonReply(200, listEvents(calendar, query))
    }
    if (method === 'POST') {
      requireScope(caller, 'writeEvents')
      requireWriter(calendar)
      return jsonReply(200, insertEvent(context, calendar, body))
    }
  } else if (fourth === 'watch' && fifth === undefined && method === 'POST') {
    requireScope(caller, 'readEvents')
    return jsonReply(200, watchEvents(context, calendar, body, deliver))
  } else if (fifth === undefined) {
    if (method === 'GET') {
      requireScope(caller, 'readEvents')
      return jsonReply(200, getEvent(calendar, fourth))
    }
    requireScope(caller, 'writeEvents')
    requireWriter(calendar)
    if (method === 'PUT' || method === 'PATCH') {
      const mode = method === 'PUT' ? 'update' : 'patch'
      return jsonReply(200, changeEvent(context, calendar, fourth, body, request.ifMatch, mode))
    }
    if (method === 'DELETE') {
      deleteEvent(context, calendar, fourth, request.ifMatch)
      return emptyReply()
    }
  }
  throw notFound()
}
