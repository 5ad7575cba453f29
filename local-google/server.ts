import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ensureAccount } from './accounts.ts'
import { answerAdmin } from './admin.ts'
import { channelsOf, resourceUri } from './calendar/channels.ts'
import { type ApiRequest, answerCalendarApi } from './calendar/routes.ts'
import type { ServiceContext } from './context.ts'
import { badRequest, GoogleApiError, notFound, OAuthError } from './errors.ts'
import { type HttpReply, jsonReply } from './http-reply.ts'
import { consentDecision, consentPage } from './oauth/consent-page.ts'
import { revokeEndpoint, tokenEndpoint } from './oauth/token-endpoint.ts'
import { loadState, saveState } from './persistence.ts'
import { PushDelivery } from './push-delivery.ts'

export interface LocalGoogleOptions {
  /** 0 = any free port (the default). */
  port?: number
  host?: string
  /** JSON file that keeps the state across restarts; in memory only when absent. */
  dataFile?: string
  /** The one OAuth client the service knows (defaults below). */
  clientId?: string
  clientSecret?: string
  /** The account the consent page offers (default `member@example.com`). */
  defaultEmail?: string
  /** The zone of new accounts' calendars (default Europe/Berlin). */
  timeZone?: string
}

export interface LocalGoogle {
  url: string
  port: number
  clientId: string
  clientSecret: string
  /** Resolves once every push notification so far was sent. */
  notificationsIdle(): Promise<void>
  stop(): Promise<void>
}

export const localClientId = 'slotwise-local.apps.googleusercontent.com'
export const localClientSecret = 'GOCSPX-local-google-secret'
const maxBodyBytes = 1024 * 1024

/**
 * Starts the local Google service: OAuth 2.0 at `/o/oauth2/v2/auth`, `/token`, `/revoke`, and
 * Calendar API v3 under `/calendar/v3/`, all on one address that serves as both
 * google-auth-library's endpoints and @googleapis/calendar's `rootUrl`.
 */
export async function startLocalGoogle(options: LocalGoogleOptions = {}): Promise<LocalGoogle> {
  const host = options.host ?? '127.0.0.1'
  const timeZone = options.timeZone ?? 'Europe/Berlin'
  const state = loadState(options.dataFile)
  const persist = () => {
    if (options.dataFile) saveState(options.dataFile, state)
  }
  const context: ServiceContext = {
    state,
    client: {
      id: options.clientId ?? localClientId,
      secret: options.clientSecret ?? localClientSecret,
    },
    url: '',
    defaultEmail: options.defaultEmail ?? 'member@example.com',
    calendarChanged: (calendarId) => {
      for (const channel of channelsOf(state, calendarId)) push.send(channel, 'exists')
    },
  }
  const push = new PushDelivery((channel) => resourceUri(context, channel))
  ensureAccount(state, context.defaultEmail, timeZone)

  const server = createServer((request, response) => {
    readBody(request)
      .then((body) => answer(context, request, body, timeZone, push))
      .catch((error: unknown) => errorReply(error))
      .then((reply) => {
        persist()
        write(response, reply)
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  context.url = `http://${host}:${port}`
  return {
    url: context.url,
    port,
    clientId: context.client.id,
    clientSecret: context.client.secret,
    notificationsIdle: () => push.idle(),
    async stop() {
      await push.idle()
      persist()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function answer(
  context: ServiceContext,
  request: IncomingMessage,
  body: string,
  timeZone: string,
  push: PushDelivery,
): HttpReply {
  const url = new URL(request.url ?? '/', 'http://local-google')
  const method = request.method ?? 'GET'
  const query = Object.fromEntries(url.searchParams)
  const path = url.pathname
  if (path === '/o/oauth2/v2/auth' && method === 'GET') return consentPage(context, query)
  if (path === '/o/oauth2/v2/auth/decision' && method === 'POST') {
    return consentDecision(context, formOf(body), timeZone)
  }
  if (path === '/token' && method === 'POST') {
    return tokenEndpoint(context, formOf(body), request.headers.authorization)
  }
  if (path === '/revoke' && method === 'POST') {
    return revokeEndpoint(context, query.token ?? formOf(body).token)
  }
  if (path.startsWith('/calendar/v3/')) {
    const apiRequest: ApiRequest = {
      method,
      segments: path.slice('/calendar/v3/'.length).split('/').map(decodeURIComponent),
      query,
      body: jsonOf(body),
      authorization: request.headers.authorization,
      ifMatch: request.headers['if-match'],
    }
    return answerCalendarApi(context, apiRequest, (channel, state) => push.send(channel, state))
  }
  if (path.startsWith('/_local/') && method === 'POST') {
    return answerAdmin(context, path, (jsonOf(body) ?? {}) as Record<string, unknown>, timeZone)
  }
  throw notFound()
}

function errorReply(error: unknown): HttpReply {
  if (error instanceof GoogleApiError || error instanceof OAuthError) return error.reply()
  return jsonReply(500, {
    error: {
      code: 500,
      message: String(error),
      errors: [{ domain: 'global', reason: 'backendError', message: String(error) }],
    },
  })
}

function formOf(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body))
}

function jsonOf(body: string): unknown {
  if (body.trim() === '') return undefined
  try {
    return JSON.parse(body)
  } catch {
    throw badRequest('Parse Error', 'parseError')
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        reject(badRequest('Request body too large'))
        request.destroy()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function write(response: ServerResponse, reply: HttpReply): void {
  response.writeHead(reply.status, {
    ...reply.headers,
    'Content-Length': Buffer.byteLength(reply.body),
    'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
  })
  response.end(reply.body)
}
