import type { useActorRef } from '@xstate/react'
import type { createCustomerAccountLogic } from './customer-account-effects'

/** The account page's actor, as booking-my-appointments-screen.tsx and its parts read it. */
export type AccountActor = ReturnType<
  typeof useActorRef<ReturnType<typeof createCustomerAccountLogic>>
>

/**
 * Marks what takes the focus when the page changes what it shows without a navigation (link
 * sent, signed in, signed out), so keyboard and screen-reader users are not left on a button
 * that is gone.
 */
export const VIEW_FOCUS = { 'data-view-focus': true }
