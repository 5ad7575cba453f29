import type { Database } from '../../db/database.ts'
import { createActivityRepository } from '../../db/repositories/activity-repository.ts'
import {
  createPaymentAccountRepository,
  type PaymentAccountMirror,
  type PaymentAccountRow,
} from '../../db/repositories/payment-account-repository.ts'
import type { Actor } from '../../domain/member.ts'
import type { StoredAccountStatus } from '../../domain/payment-account.ts'
import type { ConnectedAccountSnapshot } from '../../payments/connect-gateway.ts'

export type PaymentAccountSync = ReturnType<typeof createPaymentAccountSync>

/** How a status reads in the activity log. */
export const ACCOUNT_STATUS_WORDS: Record<StoredAccountStatus, string> = {
  pending: 'setup not finished',
  active: 'active',
  restricted: 'restricted',
  disconnected: 'disconnected in Stripe',
}

export function mirrorOf(snapshot: ConnectedAccountSnapshot): PaymentAccountMirror {
  return {
    status: snapshot.status,
    chargesEnabled: snapshot.chargesEnabled,
    payoutsEnabled: snapshot.payoutsEnabled,
    detailsSubmitted: snapshot.detailsSubmitted,
    requirementsDue: snapshot.missing,
  }
}

/**
 * The one sync of a business's payment account with its Stripe account. The `account.updated`
 * webhook and the owner's return from onboarding both hand it what they just read from Stripe,
 * so it may run in any order, any number of times: it writes only a change, and records a
 * change of status once.
 */
export function createPaymentAccountSync({ database }: { database: Database }) {
  /**
   * Stores what Stripe says of the account. The business is found by the account id we stored
   * when we created it; an account no business has is ignored (undefined).
   */
  async function apply(
    snapshot: ConnectedAccountSnapshot,
    actor: Actor | null,
  ): Promise<string | undefined> {
    return database.transaction(async (tx) => {
      const repository = createPaymentAccountRepository(tx)
      const found = await repository.findByStripeAccount(snapshot.id)
      if (!found) return undefined
      const account = await repository.find(found.tenantId, { lock: true })
      if (!account || account.stripeAccountId !== snapshot.id) return undefined
      // A disconnected account is never revived by a late or replayed read of it: Stripe no
      // longer lets us charge it, whatever the read said before the business removed us.
      if (account.status === 'disconnected') return account.tenantId
      const mirror = mirrorOf(snapshot)
      // Re-reading an unchanged account (a duplicate event, a second return) writes nothing.
      if (sameMirror(account, mirror)) return account.tenantId
      await repository.mirror(account.tenantId, mirror)
      if (account.status !== mirror.status) {
        await createActivityRepository(tx).record({
          tenantId: account.tenantId,
          actor,
          entityType: 'payment_account',
          entityId: account.stripeAccountId,
          action: 'updated',
          summary: `Stripe payments: ${ACCOUNT_STATUS_WORDS[account.status]} → ${ACCOUNT_STATUS_WORDS[mirror.status]}`,
          changes: [
            { field: 'payment_account_status', before: account.status, after: mirror.status },
          ],
        })
      }
      return account.tenantId
    })
  }

  /**
   * The business removed Slotwise from its Stripe dashboard (`account.application.deauthorized`):
   * the account can no longer be read or charged, so it is marked `disconnected` from the event
   * alone, and bookings go on unpaid (`accountChargedAtBooking`). Only the account the business
   * has now is changed; an event for an account it replaced, or no business has, is ignored.
   */
  async function disconnect(stripeAccountId: string): Promise<string | undefined> {
    return database.transaction(async (tx) => {
      const repository = createPaymentAccountRepository(tx)
      const found = await repository.findByStripeAccount(stripeAccountId)
      if (!found) return undefined
      const account = await repository.find(found.tenantId, { lock: true })
      if (!account || account.stripeAccountId !== stripeAccountId) return undefined
      if (account.status === 'disconnected') return account.tenantId
      await repository.mirror(account.tenantId, {
        status: 'disconnected',
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: account.detailsSubmitted,
        requirementsDue: [],
      })
      await createActivityRepository(tx).record({
        tenantId: account.tenantId,
        actor: null,
        entityType: 'payment_account',
        entityId: account.stripeAccountId,
        action: 'updated',
        summary: `Stripe payments: ${ACCOUNT_STATUS_WORDS[account.status]} → ${ACCOUNT_STATUS_WORDS.disconnected}; bookings are no longer charged`,
        changes: [
          { field: 'payment_account_status', before: account.status, after: 'disconnected' },
        ],
      })
      return account.tenantId
    })
  }

  return { apply, disconnect }
}

function sameMirror(account: PaymentAccountRow, mirror: PaymentAccountMirror): boolean {
  return (
    account.status === mirror.status &&
    account.chargesEnabled === mirror.chargesEnabled &&
    account.payoutsEnabled === mirror.payoutsEnabled &&
    account.detailsSubmitted === mirror.detailsSubmitted &&
    account.requirementsDue.length === mirror.requirementsDue.length &&
    account.requirementsDue.every((code, index) => mirror.requirementsDue[index] === code)
  )
}
