import pg from 'pg'

export interface PgListenerOptions {
  connectionString: string
  channel: string
  onPayload: (payload: string) => void
  /** Told once per lost connection; the listener reconnects by itself. */
  onConnectionLost?: (error: unknown) => void
  /** Told about every failed reconnect; the listener keeps trying. */
  onReconnectFailed?: (error: unknown) => void
  /** Told when LISTEN is active again after a lost connection (events in the gap are lost). */
  onReconnected?: () => void
  /** First reconnect delay; doubles up to `maxDelayMs`. */
  initialDelayMs?: number
  maxDelayMs?: number
  /** How often an idle connection is checked with `select 1`. */
  heartbeatMs?: number
}

/**
 * Stops listening for good; `sync()` resolves once every NOTIFY committed before it was called
 * has been handed to `onPayload`, and rejects while the connection is lost.
 */
export interface Listening {
  (): Promise<void>
  sync(): Promise<void>
}

/** Shows up in pg_stat_activity, so an operator (or a test) can tell this connection apart. */
export const LISTENER_APPLICATION_NAME = 'slotwise-live-listener'

/**
 * LISTENs on `channel` over a dedicated connection (a pooled one would be handed to other
 * queries and lose the subscription). When that connection drops, it reconnects with
 * exponential backoff and LISTENs again. Resolves once the first LISTEN is active, so a
 * process that cannot listen at all fails at start; the returned function stops for good.
 */
export async function listenOnPostgres(options: PgListenerOptions): Promise<Listening> {
  const initialDelayMs = options.initialDelayMs ?? 250
  const maxDelayMs = options.maxDelayMs ?? 10_000
  const heartbeatMs = options.heartbeatMs ?? 30_000
  let stopped = false
  let client: pg.Client | null = null
  let retryTimer: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let delayMs = initialDelayMs

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    })
    // Both fire when the server or the network drops the connection; reconnect once. Failures
    // before LISTEN is active are the caller's (connect() rejects).
    let established = false
    let lost = false
    const onLost = (error?: unknown) => {
      if (!established || lost) return
      lost = true
      if (client === next) client = null
      clearInterval(heartbeat)
      void next.end().catch(() => {})
      if (stopped) return
      options.onConnectionLost?.(error ?? new Error('The LISTEN connection ended.'))
      scheduleReconnect()
    }
    next.on('error', onLost)
    next.on('end', () => onLost())
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) {
        options.onPayload(message.payload)
      }
    })
    try {
      await next.connect()
      await next.query(`listen ${next.escapeIdentifier(options.channel)}`)
    } catch (error) {
      await next.end().catch(() => {})
      throw error
    }
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    established = true
    client = next
    delayMs = initialDelayMs
    // A connection that dies silently (a NAT drops it) is noticed only when something is sent.
    heartbeat = setInterval(() => {
      next.query('select 1').catch(onLost)
    }, heartbeatMs)
    heartbeat.unref()
  }

  function scheduleReconnect() {
    const wait = delayMs
    delayMs = Math.min(delayMs * 2, maxDelayMs)
    retryTimer = setTimeout(() => {
      if (stopped) return
      connect().then(
        () => {
          if (!stopped) options.onReconnected?.()
        },
        (error: unknown) => {
          if (stopped) return
          options.onReconnectFailed?.(error)
          scheduleReconnect()
        },
      )
    }, wait)
    retryTimer.unref()
  }

  await connect()
  const stop = async () => {
    stopped = true
    clearTimeout(retryTimer)
    clearInterval(heartbeat)
    const current = client
    client = null
    await current?.end().catch(() => {})
  }
  // A round trip on the listening connection itself: before PostgreSQL answers a query it
  // sends the notifications already committed (postgres.c processes a pending notify interrupt
  // before ReadyForQuery), and node-pg emits them in order before the query resolves.
  const sync = async () => {
    if (!client) throw new Error('The LISTEN connection is lost.')
    await client.query('select 1')
  }
  return Object.assign(stop, { sync })
}
