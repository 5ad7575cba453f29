import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { useLocation } from 'wouter'
import { bookingHref } from '../../../shared/booking-links'
import { type Translate, useTranslation } from '../../app/i18n'
import { Failure, SignedIn } from './account-appointments'
import { ConfirmEmail, LinkFailed, LinkSent, RequestLink } from './account-sign-in'
import type { AccountActor } from './account-view'
import { LoadingCard } from './booking-status'
import { createCustomerAccountLogic } from './customer-account-effects'
import {
  addressWithoutSignInCode,
  PROFILE_CREATION_PATH,
  signInContinueUrl,
} from './customer-links'
import { pageBusiness } from './page-business'

type AccountView =
  | 'loading'
  | 'unavailable'
  | 'signedOut'
  | 'linkSent'
  | 'confirmingEmail'
  | 'linkFailed'
  | 'signedIn'

/**
 * `/booking/my-appointments`: the customer signs in with a link e-mailed to them, then sees
 * their upcoming and past appointments with this business, each opening its manage page.
 */
export function BookingMyAppointmentsScreen() {
  const [, navigate] = useLocation()
  const business = pageBusiness()
  const logic = useMemo(
    () =>
      createCustomerAccountLogic({
        business,
        continueUrl: () => signInContinueUrl(window.location.origin, business),
        clearLinkFromAddress: () =>
          window.history.replaceState(null, '', addressWithoutSignInCode(window.location.href)),
        goToProfileCreation: () =>
          navigate(bookingHref(PROFILE_CREATION_PATH, business), { replace: true }),
      }),
    [business, navigate],
  )
  const actor = useActorRef(logic, { input: { href: window.location.href } })
  const view = useSelector(actor, (s): AccountView => {
    if (s.hasTag('loading') || s.matches('leaving')) return 'loading'
    if (s.matches('unavailable')) return 'unavailable'
    if (s.matches('signedOut') || s.matches('sendingLink')) return 'signedOut'
    if (s.matches('linkSent')) return 'linkSent'
    if (s.matches('confirmingEmail')) return 'confirmingEmail'
    if (s.matches('linkFailed')) return 'linkFailed'
    return 'signedIn'
  })
  const content = useRef<HTMLDivElement>(null)
  const shownView = useRef<AccountView | null>(null)
  useEffect(() => {
    if (view === 'loading') return
    // The first view is the page itself: the route's own focus handling applies.
    if (shownView.current !== null && shownView.current !== view) {
      content.current?.querySelector<HTMLElement>('[data-view-focus]')?.focus()
    }
    shownView.current = view
  }, [view])

  const { t } = useTranslation()

  return <div ref={content}>{accountView(actor, view, business, t)}</div>
}

function accountView(
  actor: AccountActor,
  view: AccountView,
  business: string | null,
  t: Translate,
) {
  switch (view) {
    case 'loading':
      return <LoadingCard label={t('account_loading')} />
    case 'unavailable':
      return <Failure actor={actor} title={t('account_unavailable')} />
    case 'signedOut':
      return <RequestLink actor={actor} business={business} />
    case 'linkSent':
      return <LinkSent actor={actor} />
    case 'confirmingEmail':
      return <ConfirmEmail actor={actor} />
    case 'linkFailed':
      return <LinkFailed actor={actor} />
    case 'signedIn':
      return <SignedIn actor={actor} business={business} />
  }
}
