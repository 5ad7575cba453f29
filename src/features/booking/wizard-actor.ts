import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { createActor } from 'xstate'
import type { WizardRoute } from '../../../shared/booking-links'
import {
  buildWizardUrl,
  EMBED_PREFIX,
  isEmbedPath,
  parseWizardRoute,
} from '../../../shared/booking-links'
import { isEmbedded, postToEmbedHost } from '../../app/embed-host'
import { todayIn } from '../../domain/appointment-time'
import type { BookingEvent, Catalogue } from '../../machines/booking-context'
import { bookingApi, newIdempotencyKey, type PublicBookingApi } from './api'
import { createBookingLogic, createServerBookingLogic, openCheckoutInNewTab } from './effects'
import { inlineCatalogue } from './inline-catalogue'
import { pageBusiness } from './page-business'
import { useServedPage } from './served-page'
import { signedInCustomerDetails } from './signed-in-customer'
import { detectedTimeZone } from './slot-days'

/**
 * The one booking wizard of this page. Every wizard step is its own route (and remounts), so
 * the machine lives here, for the whole visit, instead of in a screen: what the visitor chose
 * and typed survives going back and forward.
 */

// The address the machine last showed; a location equal to it is the machine's own doing.
let shownUrl: string | null = null

// In a frame on a business's website the same addresses live under /embed: the machine
// reads and writes them without it, as the router (based there) does.
function routerBase(): string {
  return isEmbedPath(window.location.pathname) ? EMBED_PREFIX : ''
}

function currentPath(): string {
  return window.location.pathname.slice(routerBase().length)
}

function currentUrl(): string {
  return `${currentPath()}${window.location.search}`
}

function showRoute({ route, replace }: { route: WizardRoute; replace: boolean }): void {
  const url = buildWizardUrl(route, pageBusiness())
  shownUrl = url
  if (url !== currentUrl()) navigate(`${routerBase()}${url}`, { replace })
}

/** Between two reads of a hold being paid for in another tab (public reads allow 120 a minute). */
const PAYMENT_WATCH_MS = 4_000

function startBrowserWizard() {
  const timeZone = detectedTimeZone()
  const embedded = isEmbedded()
  const logic = createBookingLogic(
    showRoute,
    bookingApi,
    embedded ? openCheckoutInNewTab : undefined,
  )
  const actor = createActor(logic, {
    input: {
      route: parseWizardRoute(currentPath(), window.location.search) ?? { step: 'start' },
      timeZone,
      today: todayIn(timeZone),
      newIdempotencyKey,
      customer: signedInCustomerDetails(pageBusiness()) ?? undefined,
      catalogue: inlineCatalogue(),
    },
  }).start()

  // Framed on a business's website: the host page hears of the booking once it is confirmed
  // (the host script turns this into its `slotwise:booked` event); a hold still to be paid
  // for is not a booking yet.
  if (embedded) {
    let told: string | null = null
    actor.subscribe((snapshot) => {
      const appointmentId = snapshot.context.confirmation?.appointment.id
      if (!snapshot.matches({ confirmation: 'ready' })) return
      if (!appointmentId || appointmentId === told) return
      told = appointmentId
      postToEmbedHost({ type: 'booked', appointmentId })
    })
    watchPaymentInAnotherTab(actor, bookingApi)
  }
  return actor
}

/**
 * Framed, the customer pays in another tab (`openCheckoutInNewTab`), so no return address
 * reloads this page. It asks again as such a reload would (the payment address it shows,
 * synced by the paying flow's `returned` state, booking-payment.machine.ts): when the page is shown again (the customer is
 * back from the other tab), and, while the hold waits, whenever a cheap read of the
 * appointment finds it no longer waiting (the webhook, or the other tab's return, settled it).
 */
function watchPaymentInAnotherTab(
  actor: ReturnType<typeof createActor<ReturnType<typeof createBookingLogic>>>,
  api: PublicBookingApi,
): void {
  const payment = () => actor.getSnapshot().children.bookingPayment?.getSnapshot()
  const waiting = () => {
    const flow = payment()
    return flow?.matches('redirected') === true || flow?.matches('failed') === true
  }
  const checkAgain = () => {
    const route = parseWizardRoute(currentPath(), window.location.search)
    if (route?.step === 'payment') actor.send({ type: 'booking.urlChanged', route })
  }
  document.addEventListener('visibilitychange', () => {
    // Only from "pay in the new tab": the "not paid" card already says where things stand.
    if (document.visibilityState !== 'visible') return
    if (payment()?.matches('redirected')) checkAgain()
  })
  let reading = false
  setInterval(async () => {
    const { confirmation, token } = payment()?.context ?? {}
    if (reading || !waiting() || !confirmation || !token) return
    reading = true
    try {
      const appointment = await api.appointment(confirmation.appointment.id, token)
      if (appointment.status !== 'pending_payment' && waiting()) checkAgain()
    } catch {
      // Offline for a moment: the next round asks again.
    } finally {
      reading = false
    }
  }, PAYMENT_WATCH_MS)
}

export type WizardActor = ReturnType<typeof startBrowserWizard>

// Started when this module loads (with the wizard's code, outside React's render), so the
// machine's first navigation never happens while React renders. Not on the server, which has
// no window and renders each page with a wizard of its own (serverWizard).
const browserWizard: WizardActor | null =
  typeof window === 'undefined' ? null : startBrowserWizard()

/**
 * A wizard for the server renderer's one page: the route and catalogue of the request, the
 * business's time zone (the visitor's is unknown there; the steps rendered show no times),
 * and effects that do nothing, so rendering never navigates or asks for a month of times.
 */
export function serverWizard(
  route: WizardRoute,
  catalogue: Catalogue,
  timeZone: string,
): WizardActor {
  return createActor(createServerBookingLogic(), {
    input: { route, timeZone, today: todayIn(timeZone), newIdempotencyKey, catalogue },
  }).start()
}

/** The wizard of this page: the server's for the page it renders, else the browser's one. */
export function useWizard(): WizardActor {
  const served = useServedPage()
  const wizard = served?.wizard ?? browserWizard
  if (!wizard) throw new Error('The booking wizard needs a browser or a served page')
  return wizard
}

/** Tells the machine about every address it did not set itself: links, back, forward. */
export function useWizardUrlSync(wizard: WizardActor): void {
  const [location] = useLocation()
  const search = useSearch()
  useEffect(() => {
    const url = search ? `${location}?${search}` : location
    if (url === shownUrl) return
    const route = parseWizardRoute(location, search)
    if (!route) return
    shownUrl = url
    wizard.send({ type: 'booking.urlChanged', route })
  }, [wizard, location, search])
}

/**
 * The visitor's first choice on the start screen (booking-start-screen.tsx), which runs before
 * this module has loaded: the same event the wizard's own start step sends.
 */
export function chooseOnBrowserWizard(
  event: Extract<BookingEvent, { type: 'booking.serviceChosen' | 'booking.teamMemberChosen' }>,
): void {
  browserWizard?.send(event)
}
