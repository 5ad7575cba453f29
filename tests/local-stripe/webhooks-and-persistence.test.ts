import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Stripe from 'stripe'
import { afterEach, describe, expect, it } from 'vitest'
import { signedDelivery } from '../../local-stripe/webhook-delivery.ts'
import { createConnectedAccount, createPlans, onboard, startService, subscribe } from './support.ts'

const secret = 'whsec_local_test_secret'
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A webhook endpoint that fails its first request, to show deliveries are retried. */
async function startReceiver({ failFirst = true } = {}) {
  const received: { payload: string; signature: string }[] = []
  let requests = 0
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      requests++
      if (failFirst && requests === 1) {
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

describe('Connect webhooks', () => {
  const connectSecret = 'whsec_local_connect_secret'

  it("sends connected accounts' events, with their account, to the Connect endpoint only", async () => {
    const platform = await startReceiver({ failFirst: false })
    const connect = await startReceiver({ failFirst: false })
    const { stripe, service } = await startService({
      webhookUrl: platform.url,
      webhookSecret: secret,
      connectWebhookUrl: connect.url,
      connectWebhookSecret: connectSecret,
    })
    const account = await createConnectedAccount(stripe)
    await onboard(stripe, account.id)
    await stripe.customers.create({ email: 'c@example.com' }, { stripeAccount: account.id })
    await stripe.customers.create({ email: 'platform@example.com' })
    await service.webhooksIdle()

    const connectEvents = connect.received.map(({ payload, signature }) =>
      stripe.webhooks.constructEvent(payload, signature, connectSecret),
    )
    expect(connectEvents.map((event) => [event.type, event.account])).toEqual([
      ['account.updated', account.id],
      ['customer.created', account.id],
    ])
    const platformEvents = platform.received.map(({ payload, signature }) =>
      stripe.webhooks.constructEvent(payload, signature, secret),
    )
    expect(platformEvents.map((event) => [event.type, event.account])).toEqual([
      ['customer.created', undefined],
    ])
    // Each endpoint's secret is its own.
    const [first] = connect.received
    expect(() =>
      stripe.webhooks.constructEvent(first?.payload ?? '', first?.signature ?? '', secret),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError)

    const listed = await stripe.events.list({}, { stripeAccount: account.id })
    expect(listed.data.map((event) => event.id)).toEqual(
      [...connectEvents].reverse().map((event) => event.id),
    )
    expect(listed.data.every((event) => event.pending_webhooks === 0)).toBe(true)
    const [newest] = listed.data
    expect(
      (await stripe.events.retrieve(newest?.id ?? '', {}, { stripeAccount: account.id })).type,
    ).toBe('customer.created')
    await expect(stripe.events.retrieve(newest?.id ?? '')).rejects.toMatchObject({
      statusCode: 404,
    })
  })

  it('deauthorizes an account: the event goes to the Connect endpoint, then the account is out of reach', async () => {
    const connect = await startReceiver({ failFirst: false })
    const { stripe, service } = await startService({
      connectWebhookUrl: connect.url,
      connectWebhookSecret: connectSecret,
    })
    const keyed = { idempotencyKey: 'slotwise-account-biz_1' }
    const account = await stripe.accounts.create({ type: 'express', country: 'DE' }, keyed)
    await onboard(stripe, account.id)
    const platformOnly = await fetch(`${service.url}/_local/accounts/${account.id}/deauthorize`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_local', 'Stripe-Account': account.id },
    })
    expect(platformOnly.status).toBe(404)

    const answer = await fetch(`${service.url}/_local/accounts/${account.id}/deauthorize`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk_test_local' },
    })
    expect(answer.status).toBe(200)
    const answered = (await answer.json()) as Stripe.Event
    await service.webhooksIdle()
    const delivered = connect.received.map(({ payload, signature }) =>
      stripe.webhooks.constructEvent(payload, signature, connectSecret),
    )
    expect(delivered.map((event) => [event.type, event.account])).toEqual([
      ['account.updated', account.id],
      ['account.application.deauthorized', account.id],
    ])
    expect(delivered[1]?.id).toBe(answered.id)
    expect(answered.data.object).toMatchObject({ object: 'application', name: 'Slotwise' })

    // Stripe's answers once access is revoked.
    await expect(stripe.customers.list({}, { stripeAccount: account.id })).rejects.toMatchObject({
      statusCode: 403,
      code: 'account_invalid',
    })
    await expect(stripe.accounts.retrieve(account.id)).rejects.toMatchObject({ statusCode: 404 })
    // The old key still hands back the old account (Stripe keeps keys 24 hours): a new key
    // is what makes a new one.
    expect((await stripe.accounts.create({ type: 'express', country: 'DE' }, keyed)).id).toBe(
      account.id,
    )
    const fresh = await stripe.accounts.create(
      { type: 'express', country: 'DE' },
      { idempotencyKey: `slotwise-account-biz_1-after-${account.id}` },
    )
    expect(fresh.id).not.toBe(account.id)
  })

  it('refuses a Connect webhook URL without its secret', async () => {
    await expect(startService({ connectWebhookUrl: 'http://127.0.0.1:1/hook' })).rejects.toThrow(
      /connectWebhookSecret/,
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

  it('keeps connected accounts and their objects across a restart', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'local-stripe-'))
    cleanups.push(() => rmSync(directory, { recursive: true, force: true }))
    const dataFile = join(directory, 'stripe.json')

    const first = await startService({ dataFile })
    const account = await createConnectedAccount(first.stripe)
    await onboard(first.stripe, account.id)
    const customer = await first.stripe.customers.create(
      { email: 'kept@example.com' },
      { stripeAccount: account.id },
    )
    await first.service.stop()

    const second = await startService({ dataFile })
    expect((await second.stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true)
    expect(
      await second.stripe.customers.retrieve(customer.id, {}, { stripeAccount: account.id }),
    ).toMatchObject({ email: 'kept@example.com' })
    await expect(second.stripe.customers.retrieve(customer.id)).rejects.toMatchObject({
      code: 'resource_missing',
    })
  })
})
