import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Stripe from 'stripe'
import { afterEach, describe, expect, it } from 'vitest'
import { signedDelivery } from '../../local-stripe/webhook-delivery.ts'
import { createPlans, startService, subscribe } from './support.ts'

const secret = 'whsec_local_test_secret'
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A webhook endpoint that fails its first request, to show deliveries are retried. */
async function startReceiver() {
  const received: { payload: string; signature: string }[] = []
  let requests = 0
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      requests++
      if (requests === 1) {
        response.writeHead(500).end()
        return
      }
      received.push({
        payload: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      })
      response.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, received }
}

describe('webhooks', () => {
  it('delivers signed events in order, retrying a failed delivery', async () => {
    const receiver = await startReceiver()
    const { stripe, service } = await startService({
      webhookUrl: receiver.url,
      webhookSecret: secret,
    })
    const { monthly } = await createPlans(stripe)
    await subscribe(stripe, monthly.id)
    await service.webhooksIdle()

    const delivered = receiver.received.map(({ payload, signature }) =>
      stripe.webhooks.constructEvent(payload, signature, secret),
    )
    const listed = (await stripe.events.list({ limit: 100 })).data.reverse()
    expect(delivered.map((event) => event.id)).toEqual(listed.map((event) => event.id))
    expect(delivered.map((event) => event.type)).toContain('checkout.session.completed')
    expect(listed.every((event) => event.pending_webhooks === 0)).toBe(true)
  })

  it('signs a forged delivery the SDK accepts, and one with the wrong secret it refuses', async () => {
    const { stripe } = await startService()
    await stripe.customers.create({ email: 'a@example.com' })
    const [event] = (await stripe.events.list()).data
    const { payload, header } = signedDelivery(event as Stripe.Event, secret)
    expect(stripe.webhooks.constructEvent(payload, header, secret).type).toBe('customer.created')
    const forged = signedDelivery(event as Stripe.Event, 'whsec_other')
    expect(() => stripe.webhooks.constructEvent(forged.payload, forged.header, secret)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    )
  })
})

describe('persistence', () => {
  it('keeps subscriptions, events and idempotency keys across a restart', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'local-stripe-'))
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }))
    const dataFile = join(directory, 'stripe.json')

    const first = await startService({ dataFile })
    const { monthly } = await createPlans(first.stripe)
    const { subscription } = await subscribe(first.stripe, monthly.id)
    const customer = await first.stripe.customers.create(
      { name: 'Kept' },
      { idempotencyKey: 'keep' },
    )
    await first.service.stop()

    const second = await startService({ dataFile })
    expect((await second.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active')
    const replayed = await second.stripe.customers.create(
      { name: 'Kept' },
      { idempotencyKey: 'keep' },
    )
    expect(replayed.id).toBe(customer.id)
    expect((await second.stripe.events.list({ type: 'invoice.paid' })).data).toHaveLength(1)
  })
})
