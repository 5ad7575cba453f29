import { randomUUID } from 'node:crypto'

/** The demo business (server/db/seed.ts) every fault test seeds. */
export const DEMO_SLUG = 'harbor-street'

export interface BookableStarts {
  serviceId: string
  teamMemberId: string
  /** Starts offered by the availability, none overlapping another, earliest first. */
  starts: string[]
}

/**
 * Free starts of one team member for one service, days ahead (past the minimum notice), each
 * well after the previous one ends: booking them all at once gives a 201 each, so a test can tell
 * a lost booking from a slot that was taken.
 */
export async function bookableStarts(baseUrl: string): Promise<BookableStarts> {
  const services = (await getJson(`${baseUrl}/api/v1/public/services?business=${DEMO_SLUG}`)) as {
    items: { id: string; team_member_ids: string[]; payment: unknown }[]
  }
  const service = services.items.find(
    (item) => item.payment === null && item.team_member_ids.length > 0,
  )
  if (!service) throw new Error('The demo business has no bookable service.')
  const teamMemberId = service.team_member_ids[0] as string
  const day = 24 * 3_600_000
  const from = new Date(Date.now() + 3 * day).toISOString()
  const to = new Date(Date.now() + 40 * day).toISOString()
  const availability = (await getJson(
    `${baseUrl}/api/v1/public/availability?business=${DEMO_SLUG}&service_id=${service.id}` +
      `&team_member_id=${teamMemberId}&from=${from}&to=${to}`,
  )) as { slots: { starts_at: string; ends_at: string }[] }
  const starts: string[] = []
  let freeFrom = 0
  for (const slot of availability.slots) {
    if (Date.parse(slot.starts_at) < freeFrom) continue
    starts.push(slot.starts_at)
    // Past the end and any buffers around it (the demo's are at most 20 minutes together).
    freeFrom = Date.parse(slot.ends_at) + 30 * 60_000
  }
  return { serviceId: service.id, teamMemberId, starts }
}

export interface Outcome {
  kind: 'book' | 'read'
  target: string
  /** The HTTP status, or 0 when no answer came (refused, reset, timed out). */
  status: number
  startedAt: number
  ms: number
  /** The problem's `type`, for an error answer. */
  problemType?: string
  retryAfter?: string | null
  /** For a 201: the appointment booked and the customer's address. */
  appointmentId?: string
  email?: string
  /** A booking of a start tried before, which got no answer or a 5xx then. */
  retry?: boolean
}

export interface Load {
  outcomes: Outcome[]
  /** The 201s so far. */
  booked(): Outcome[]
  /** More starts to book, after those still queued. */
  offer(starts: string[]): void
  /** Stops sending and waits for the requests under way. */
  stop(): Promise<void>
}

/**
 * A stream of public traffic: `workers` loops, each alternating a booking (the next unused
 * start) with a read of the week's slots, against `targets()` in turn (read at every request,
 * so a test can take a killed process out). Every answer is recorded; a booking that got no
 * answer or a 5xx goes back to the end of the queue, to be tried again.
 */
export function startLoad(options: {
  targets: () => string[]
  slots: BookableStarts
  workers: number
  /** Pause between a worker's requests, so the machine also has time for the server. */
  pauseMs?: number
}): Load {
  const outcomes: Outcome[] = []
  const queue = [...options.slots.starts]
  const tried = new Set<string>()
  let running = true
  let turn = 0
  const pick = () => {
    const targets = options.targets()
    return targets[turn++ % targets.length] as string
  }
  const readPath =
    `/api/v1/public/availability?business=${DEMO_SLUG}&service_id=${options.slots.serviceId}` +
    `&from=${new Date(Date.now() + 3 * 86_400_000).toISOString()}` +
    `&to=${new Date(Date.now() + 10 * 86_400_000).toISOString()}`

  async function send(
    kind: 'book' | 'read',
    target: string,
    init?: RequestInit,
    email?: string,
  ): Promise<Outcome> {
    const startedAt = Date.now()
    const outcome: Outcome = { kind, target, status: 0, startedAt, ms: 0 }
    try {
      const path = kind === 'book' ? `/api/v1/public/bookings?business=${DEMO_SLUG}` : readPath
      const response = await fetch(target + path, {
        ...init,
        signal: AbortSignal.timeout(30_000),
      })
      outcome.status = response.status
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
      if (response.status >= 400) {
        outcome.problemType = String(body?.type ?? '')
        outcome.retryAfter = response.headers.get('retry-after')
      }
      if (response.status === 201) {
        outcome.appointmentId = String((body?.appointment as { id?: unknown } | undefined)?.id)
        outcome.email = email
      }
    } catch {
      outcome.status = 0
    }
    outcome.ms = Date.now() - startedAt
    outcomes.push(outcome)
    return outcome
  }

  async function worker() {
    while (running) {
      const start = queue.shift()
      if (start) {
        const email = `load-${randomUUID().slice(0, 12)}@slotwise.test`
        const outcome = await send(
          'book',
          pick(),
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              service_id: options.slots.serviceId,
              team_member_id: options.slots.teamMemberId,
              starts_at: start,
              customer: { name: 'Load Test', email },
              time_zone: 'America/New_York',
            }),
          },
          email,
        )
        if (tried.has(start)) outcome.retry = true
        // As a visitor would, try that time again later (it may have been booked after all,
        // when the commit outlived the answer: then a 409).
        if (outcome.status === 0 || outcome.status >= 500) {
          tried.add(start)
          queue.push(start)
        }
      }
      if (!running) break
      await send('read', pick())
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 10))
    }
  }

  const loops = Array.from({ length: options.workers }, () => worker())
  return {
    outcomes,
    booked: () => outcomes.filter((outcome) => outcome.status === 201),
    offer: (starts) => {
      queue.push(...starts)
    },
    stop: async () => {
      running = false
      await Promise.all(loops)
    },
  }
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** Waits until `check` is true, polling; throws with `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
