import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type Stripe from 'stripe'
import { handleApiCall } from './api-handler.ts'
import { expireDueCheckoutSessions } from './billing/checkout-expiry.ts'
import { decodeForm } from './form-decoding.ts'
import { type HttpReply, jsonReply } from './http-reply.ts'
import { newId } from './ids.ts'
import { handlePage } from './pages/page-handler.ts'
import { loadState, saveState } from './persistence.ts'
import { createScope, type ScopeSource } from './scope.ts'
import { booksOf } from './state.ts'
import { WebhookDeliverer } from './webhook-delivery.ts'

export interface LocalStripeOptions {
  /** 0 = any free port (the default). */
  port?: number
  host?: string
  /** JSON file that keeps the state across restarts; in memory only when absent. */
  dataFile?: string
  /** Where to POST events; without it events are only listed by `GET /v1/events`. */
  webhookUrl?: string
  /** The `whsec_…` secret deliveries are signed with; required with `webhookUrl`. */
  webhookSecret?: string
  /**
   * Where to POST events about connected accounts' objects (they carry `account`): Stripe
   * sends those to the platform's Connect endpoint, which has its own secret.
   */
  connectWebhookUrl?: string
  /** The Connect endpoint's `whsec_…` secret; required with `connectWebhookUrl`. */
  connectWebhookSecret?: string
  /** Base address of the hosted pages as a browser sees them (default http://host:port). */
  publicUrl?: string
  /** The platform's name on the hosted pages and invoices (default "Slotwise"). */
  accountName?: string
}

export interface LocalStripe {
  url: string
  port: number
  /** Resolves once every event so far was delivered to its webhook (or given up on). */
  webhooksIdle(): Promise<void>
  stop(): Promise<void>
}

const maxBodyBytes = 1024 * 1024

/** Starts the local Stripe service; the `stripe` SDK reaches it with `host`, `port`, `protocol`. */
export async function startLocalStripe(options: LocalStripeOptions = {}): Promise<LocalStripe> {
  if (options.webhookUrl && !options.webhookSecret) {
    throw new Error('startLocalStripe: webhookSecret (whsec_…) is required with webhookUrl.')
  }
  if (options.connectWebhookUrl && !options.connectWebhookSecret) {
    throw new Error(
      'startLocalStripe: connectWebhookSecret (whsec_…) is required with connectWebhookUrl.',
    )
  }
  const host = options.host ?? '127.0.0.1'
  const dataFile = options.dataFile
  const state = loadState(dataFile)
  const persist = () => {
    if (dataFile) saveState(dataFile, state)
  }
  const markDelivered = (event: Stripe.Event) => {
    const stored = booksOf(state, event.account ?? null).events[event.id]
    if (stored) stored.pending_webhooks = 0
  }
  const deliverer =
    options.webhookUrl && options.webhookSecret
      ? new WebhookDeliverer(options.webhookUrl, options.webhookSecret, markDelivered)
      : undefined
  const connectDeliverer =
    options.connectWebhookUrl && options.connectWebhookSecret
      ? new WebhookDeliverer(options.connectWebhookUrl, options.connectWebhookSecret, markDelivered)
      : undefined
  const delivererFor = (account: string | null | undefined) =>
    account ? connectDeliverer : deliverer
  const source: ScopeSource = {
    state,
    publicUrl: options.publicUrl ?? '',
    accountName: options.accountName ?? 'Slotwise',
    webhookEndpoints: (account) => (delivererFor(account) ? 1 : 0),
    onEvent: (event) => delivererFor(event.account)?.enqueue(event),
  }

  const server = createServer((request, response) => {
    serve(source, request)
      .then((reply) => {
        // GETs can change state too: a Checkout Session past its 24 hours expires on read.
        persist()
        write(response, reply)
      })
      .catch((error: unknown) => {
        write(response, jsonReply(500, { error: { type: 'api_error', message: String(error) } }))
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://${host}:${port}`
  source.publicUrl = (options.publicUrl ?? url).replace(/\/$/, '')

  return {
    url,
    port,
    webhooksIdle: async () => {
      await Promise.all([deliverer?.idle(), connectDeliverer?.idle()])
    },
    async stop() {
      await Promise.all([deliverer?.stop(), connectDeliverer?.stop()])
      persist()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

async function serve(source: ScopeSource, request: IncomingMessage): Promise<HttpReply> {
  const requestId = newId('req', 14)
  const url = new URL(request.url ?? '/', 'http://local-stripe')
  const method = request.method ?? 'GET'
  const body = await readBody(request)
  const form = decodeForm(method === 'POST' ? body : url.search.slice(1))
  for (const account of [null, ...Object.keys(source.state.connected)]) {
    expireDueCheckoutSessions(createScope(source, null, account))
  }
  return withRequestId(answerRequest(source, method, url, form, request, requestId), requestId)
}

function answerRequest(
  source: ScopeSource,
  method: string,
  url: URL,
  form: ReturnType<typeof decodeForm>,
  request: IncomingMessage,
  requestId: string,
): HttpReply {
  if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/_local/')) {
    return handleApiCall(source, {
      method,
      pathname: url.pathname,
      authorization: request.headers.authorization,
      idempotencyKey: header(request, 'idempotency-key'),
      stripeAccount: header(request, 'stripe-account'),
      requestId,
      params: form,
    })
  }
  return (
    handlePage((account) => createScope(source, null, account), method, url, form) ??
    jsonReply(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${url.pathname}).`,
      },
    })
  )
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function withRequestId(reply: HttpReply, requestId: string): HttpReply {
  return { ...reply, headers: { ...reply.headers, 'Request-Id': requestId } }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBodyBytes) {
        reject(new Error('Request body too large'))
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
    'Cache-Control': 'no-store',
  })
  response.end(reply.body)
}
