import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import {
  connectedBusiness,
  goodCard,
  openDepositCheckout,
  payByControl,
  startService,
} from './support.ts'

/** A paid deposit whose card is kept on the connected account, as a booking leaves it. */
async function paidDeposit(card = goodCard) {
  const started = await startService()
  const { stripe, service } = started
  const account = await connectedBusiness(stripe)
  const session = await openDepositCheckout(stripe, account.id)
  const paid = await payByControl(service, session.id, card)
  if (paid.status !== 200) throw new Error(`Paying answered ${paid.status}`)
  const stripeAccount = account.id
  const intent = await stripe.paymentIntents.retrieve(
    paid.body.payment_intent as string,
    {},
    { stripeAccount },
  )
  return { ...started, stripeAccount, intent }
}

describe('off-session PaymentIntents on a saved card', () => {
  it('charges the kept card, once per idempotency key', async () => {
    const { stripe, stripeAccount, intent } = await paidDeposit()
    const params: Stripe.PaymentIntentCreateParams = {
      amount: 3000,
      currency: 'eur',
      customer: intent.customer as string,
      payment_method: intent.payment_method as string,
      off_session: true,
      confirm: true,
      metadata: { appointment_id: 'appt_1', kind: 'no_show_fee' },
      description: 'No-show fee',
    }
    const fee = await stripe.paymentIntents.create(params, {
      stripeAccount,
      idempotencyKey: 'no-show-appt_1',
    })
    expect(fee).toMatchObject({
      status: 'succeeded',
      amount_received: 3000,
      description: 'No-show fee',
      metadata: { kind: 'no_show_fee' },
    })
    const again = await stripe.paymentIntents.create(params, {
      stripeAccount,
      idempotencyKey: 'no-show-appt_1',
    })
    expect(again.id).toBe(fee.id)
    const succeeded = await stripe.events.list(
      { type: 'payment_intent.succeeded' },
      { stripeAccount },
    )
    expect(succeeded.data.map((event) => (event.data.object as Stripe.PaymentIntent).id)).toEqual([
      fee.id,
      intent.id,
    ])
    expect(
      await stripe.charges.retrieve(fee.latest_charge as string, {}, { stripeAccount }),
    ).toMatchObject({ amount_captured: 3000, status: 'succeeded' })
  })

  it("declines every later charge on 0341 with Stripe's 402 carrying the failed intent", async () => {
    const { stripe, stripeAccount, intent } = await paidDeposit('4000 0000 0000 0341')
    expect(intent.status).toBe('succeeded')
    const error = await stripe.paymentIntents
      .create(
        {
          amount: 3000,
          currency: 'eur',
          customer: intent.customer as string,
          payment_method: intent.payment_method as string,
          off_session: true,
          confirm: true,
        },
        { stripeAccount, idempotencyKey: 'fee-0341' },
      )
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError)
    const cardError = error as Stripe.errors.StripeCardError
    expect(cardError).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    })
    expect(cardError.payment_intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    })
    const failedId = cardError.payment_intent?.id as string
    expect((await stripe.paymentIntents.retrieve(failedId, {}, { stripeAccount })).status).toBe(
      'requires_payment_method',
    )
    const failures = await stripe.events.list(
      { type: 'payment_intent.payment_failed' },
      { stripeAccount },
    )
    expect(failures.data).toHaveLength(1)
  })

  it('refuses what Stripe refuses', async () => {
    const { stripe, stripeAccount, intent } = await paidDeposit()
    const base = {
      amount: 3000,
      currency: 'eur',
      customer: intent.customer as string,
      payment_method: intent.payment_method as string,
    }
    await expect(
      stripe.paymentIntents.create(
        { ...base, payment_method: 'pm_nope', confirm: true },
        {
          stripeAccount,
        },
      ),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'payment_method' })
    await expect(
      stripe.paymentIntents.create({ ...base, off_session: true }, { stripeAccount }),
    ).rejects.toMatchObject({ param: 'off_session' })
    await expect(
      stripe.paymentIntents.create({ ...base, amount: 10, confirm: true }, { stripeAccount }),
    ).rejects.toMatchObject({ code: 'amount_too_small', param: 'amount' })
    // The platform has no such customer or card: they are the connected account's.
    await expect(stripe.paymentIntents.create({ ...base, confirm: true })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    })
    const unconfirmed = await stripe.paymentIntents.create(base, { stripeAccount })
    expect(unconfirmed.status).toBe('requires_confirmation')
  })
})

describe('refunds', () => {
  it('adds partial refunds up on the charge until it is refunded in full', async () => {
    const { stripe, stripeAccount, intent } = await paidDeposit()
    const first = await stripe.refunds.create(
      {
        payment_intent: intent.id,
        amount: 500,
        reason: 'requested_by_customer',
        metadata: { appointment_id: 'appt_1' },
      },
      { stripeAccount },
    )
    expect(first).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 500,
      currency: 'eur',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      reason: 'requested_by_customer',
      metadata: { appointment_id: 'appt_1' },
    })
    let charge = await stripe.charges.retrieve(
      intent.latest_charge as string,
      {},
      {
        stripeAccount,
      },
    )
    expect(charge).toMatchObject({ amount_refunded: 500, refunded: false })

    const tooMuch = await stripe.refunds
      .create({ payment_intent: intent.id, amount: 1600 }, { stripeAccount })
      .catch((caught: unknown) => caught)
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount' })
    expect((tooMuch as Error).message).toContain('€15.00')

    const rest = await stripe.refunds.create({ payment_intent: intent.id }, { stripeAccount })
    expect(rest.amount).toBe(1500)
    charge = await stripe.charges.retrieve(charge.id, {}, { stripeAccount })
    expect(charge).toMatchObject({ amount_refunded: 2000, refunded: true, amount_captured: 2000 })
    await expect(
      stripe.refunds.create({ payment_intent: intent.id, amount: 1 }, { stripeAccount }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' })

    const listed = await stripe.refunds.list({ payment_intent: intent.id }, { stripeAccount })
    expect(listed.data.map((refund) => refund.id)).toEqual([rest.id, first.id])
    expect(await stripe.refunds.retrieve(first.id, {}, { stripeAccount })).toMatchObject({
      amount: 500,
    })
    await expect(stripe.refunds.retrieve(first.id)).rejects.toMatchObject({ statusCode: 404 })

    const events = await stripe.events.list({ limit: 100 }, { stripeAccount })
    const refundEvents = events.data
      .map((event) => event.type)
      .filter((type) => type.startsWith('refund.') || type === 'charge.refunded')
    expect(refundEvents).toEqual([
      'charge.refunded',
      'refund.created',
      'charge.refunded',
      'refund.created',
    ])
  })

  it('refuses to refund a payment that never succeeded', async () => {
    const { stripe, service } = await startService()
    const account = await connectedBusiness(stripe)
    const session = await openDepositCheckout(stripe, account.id)
    const declined = await payByControl(service, session.id, '4000 0000 0000 0002')
    const intent = (declined.body.error as { payment_intent: Stripe.PaymentIntent }).payment_intent
    await expect(
      stripe.refunds.create({ payment_intent: intent.id }, { stripeAccount: account.id }),
    ).rejects.toMatchObject({ param: 'payment_intent' })
    await expect(
      stripe.refunds.create(
        { payment_intent: intent.id, amount: 100, foo: 'x' } as Stripe.RefundCreateParams,
        { stripeAccount: account.id },
      ),
    ).rejects.toMatchObject({ code: 'parameter_unknown' })
  })
})
