import Stripe from 'stripe'

/** Pauses between attempts at one event; Stripe itself retries for days, tests cannot wait. */
const retryDelaysMs = [200, 1000, 3000]

export interface SignedDelivery {
  payload: string
  header: string
}

/** The body and `Stripe-Signature` header Stripe would send for this event. */
export function signedDelivery(
  event: Stripe.Event,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): SignedDelivery {
  const payload = JSON.stringify(event, null, 2)
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
  return { payload, header }
}

/**
 * Posts events to one endpoint in the order they were created, one at a time, retrying a
 * failed delivery before moving on (so a receiver never sees a later event first).
 */
export class WebhookDeliverer {
  private readonly queue: Stripe.Event[] = []
  private running: Promise<void> | undefined
  private stopped = false

  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly onDelivered: (event: Stripe.Event) => void,
  ) {}

  enqueue(event: Stripe.Event): void {
    if (this.stopped) return
    this.queue.push(event)
    this.running ??= this.drain().finally(() => {
      this.running = undefined
    })
  }

  /** Resolves once everything queued so far was delivered or given up on. */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  async stop(): Promise<void> {
    this.stopped = true
    this.queue.length = 0
    await this.idle()
  }

  private async drain(): Promise<void> {
    for (let event = this.queue.shift(); event; event = this.queue.shift()) {
      await this.deliver(event)
    }
  }

  private async deliver(event: Stripe.Event): Promise<void> {
    for (let attempt = 0; attempt <= retryDelaysMs.length && !this.stopped; attempt++) {
      if (attempt > 0) await sleep(retryDelaysMs[attempt - 1] ?? 0)
      if (await this.post(event)) {
        this.onDelivered(event)
        return
      }
    }
  }

  private async post(event: Stripe.Event): Promise<boolean> {
    const { payload, header } = signedDelivery(event, this.secret)
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Stripe-Signature': header,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      return response.ok
    } catch {
      return false
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
