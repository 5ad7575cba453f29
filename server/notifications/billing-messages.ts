import type { Message } from './messages.ts'

/*
 * The e-mails owners get about their subscription. Pure: the caller gathers the facts. Plain
 * text, like every e-mail we send; the mailer encodes the headers.
 */

/** A subscription payment failed; Stripe retries. */
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

/** The card-less trial ended and the business is on the free plan now. */
export function trialEndedMessage(facts: {
  ownerName: string
  businessName: string
  trialPlanName: string
  freePlanName: string
  checkoutUrl: string
}): Message {
  return {
    subject: `Your ${facts.trialPlanName} trial for ${facts.businessName} has ended`,
    text: [
      `Hello ${facts.ownerName},`,
      '',
      `The ${facts.trialPlanName} trial of ${facts.businessName} has ended, and the business is on the ${facts.freePlanName} plan now.`,
      'Nothing was deleted: your team, services, customers and appointments are all still there,',
      'and your booking page keeps working. Some things wait for a bigger plan, such as adding',
      'more bookable team members.',
      '',
      `Choose a plan: ${facts.checkoutUrl}`,
      '',
      'Slotwise Appointments',
    ].join('\n'),
  }
}
