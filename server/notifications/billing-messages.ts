import type { Message } from './messages.ts'

/**
 * The e-mail an owner gets when a subscription payment fails. Pure: the billing service
 * gathers the facts. Plain text, like every e-mail we send; the mailer encodes the headers.
 */
export function paymentFailedMessage(facts: {
  ownerName: string
  businessName: string
  planName: string
  billingUrl: string
}): Message {
  return {
    subject: `Payment failed: your ${facts.planName} plan for ${facts.businessName}`,
    text: [
      `Hello ${facts.ownerName},`,
      '',
      `We could not take the payment for ${facts.businessName}'s ${facts.planName} plan.`,
      'Stripe will try your card again over the next days. Nothing changes in the meantime,',
      `but if every attempt fails the business moves to the Free plan (nothing is deleted).`,
      '',
      `Update your payment method: ${facts.billingUrl}`,
      '',
      'Slotwise Appointments',
    ].join('\n'),
  }
}
