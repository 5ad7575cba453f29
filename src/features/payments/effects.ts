import { fromPromise } from 'xstate'
import { createLoadMachine } from '../../machines/page-load.machine'
import { loadPaymentAccount, type PaymentAccount, syncPaymentAccount } from './api'

const accountLoad = createLoadMachine<PaymentAccount>()

/**
 * The business's Stripe account. Back from Stripe's onboarding it is re-read from Stripe at
 * once (`syncFromStripe`), never left to wait for the webhook.
 */
export function createPaymentAccountLogic({ syncFromStripe }: { syncFromStripe: boolean }) {
  return accountLoad.provide({
    actors: {
      load: fromPromise(() => (syncFromStripe ? syncPaymentAccount() : loadPaymentAccount())),
    },
  })
}
