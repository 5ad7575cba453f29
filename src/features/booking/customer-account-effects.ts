import { fromPromise } from 'xstate'
import { en, type MessageKey } from '../../../shared/i18n/en'
import { ApiError } from '../../api/api-error'
import { type AccountStart, customerAccountMachine } from '../../machines/customer-account.machine'
import {
  type CustomerProfile,
  type CustomerProfileInput,
  customerProfileMachine,
  type ProfileStart,
} from '../../machines/customer-profile.machine'
import { bookingApi, type PublicBookingApi } from './api'
import { forgetSignedInCustomer, rememberSignedInCustomer } from './signed-in-customer'

// The only way the booking pages reach Firebase: a separate chunk, fetched by these two pages.
const loadCustomerAuth = () => import('../../app/customer-auth')

/** Where the address a link was sent to waits for the link (same browser, any tab). */
export const REMEMBERED_EMAIL_KEY = 'slotwise.booking.signInEmail'

/** A failure the page words itself: the machines read `messageKey` (see `failureKeyOf`). */
function wordedError(messageKey: MessageKey): Error {
  return Object.assign(new Error(en[messageKey]), { messageKey })
}

/**
 * The signed-in customer's calls, each with a current ID token. The details they return are
 * kept for the booking wizard's form (`business` is the page's, whose details they are).
 */
export function createCustomerAccountApi(
  business: string | null,
  api: PublicBookingApi = bookingApi,
  idToken: () => Promise<string | null> = async () => (await loadCustomerAuth()).customerIdToken(),
) {
  function keep(profile: CustomerProfile): CustomerProfile {
    rememberSignedInCustomer({ business, ...profile })
    return profile
  }

  async function currentIdToken() {
    const token = await idToken()
    if (!token) throw wordedError('account_signed_out')
    return token
  }
  return {
    async appointments() {
      return api.myAppointments(await currentIdToken())
    },
    /** The customer's details with this business, or null until they have any. */
    async profile() {
      const token = await currentIdToken()
      try {
        return keep(await api.myProfile(token))
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    async saveProfile(body: CustomerProfileInput) {
      return keep(await api.saveMyProfile(await currentIdToken(), body))
    },
  }
}

/**
 * Firebase's failures as the customer reads them (a catalogue key; the codes are Firebase's
 * own), or null for a failure without a code (a chunk that did not load: the machine's own
 * wording applies).
 */
export function describeSignInFailure(error: unknown): MessageKey | null {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  switch (code) {
    case '':
      return null
    case 'auth/expired-action-code':
    case 'auth/invalid-action-code':
      return 'account_link_expired'
    case 'auth/invalid-email':
      return 'account_link_other_address'
    case 'auth/network-request-failed':
      return 'account_sign_in_offline'
    case 'auth/too-many-requests':
    case 'auth/quota-exceeded':
      return 'account_too_many_links'
    default:
      return 'account_sign_in_failed'
  }
}

/** Rethrows a Firebase failure with the customer's wording. */
async function worded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    const key = describeSignInFailure(error)
    throw key ? wordedError(key) : error
  }
}

function rememberedEmail(): string | null {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY)
  } catch {
    return null
  }
}

/** The account page's machine with the browser's real effects. */
export function createCustomerAccountLogic(effects: {
  business: string | null
  continueUrl: () => string
  clearLinkFromAddress: () => void
  goToProfileCreation: () => void
}) {
  const api = createCustomerAccountApi(effects.business)
  return customerAccountMachine.provide({
    actors: {
      startSession: fromPromise<AccountStart, { href: string }>(({ input }) =>
        worded(async () => {
          const auth = await loadCustomerAuth()
          if (auth.isSignInLink(input.href)) {
            return { kind: 'link', rememberedEmail: rememberedEmail() }
          }
          const email = await auth.currentCustomerEmail()
          return email ? { kind: 'session', email } : { kind: 'signedOut' }
        }),
      ),
      sendLink: fromPromise<void, { email: string }>(({ input }) =>
        worded(async () => {
          await (await loadCustomerAuth()).sendSignInLink(input.email, effects.continueUrl())
          localStorage.setItem(REMEMBERED_EMAIL_KEY, input.email)
        }),
      ),
      completeLink: fromPromise<string, { email: string; href: string }>(({ input }) =>
        worded(async () => {
          const email = await (await loadCustomerAuth()).completeSignInLink(input.email, input.href)
          localStorage.removeItem(REMEMBERED_EMAIL_KEY)
          // Whoever was signed in before on this browser is not who the wizard should show.
          forgetSignedInCustomer()
          return email
        }),
      ),
      hasProfile: fromPromise(async () => (await api.profile()) !== null),
      loadAppointments: fromPromise(() => api.appointments()),
      signOut: fromPromise(() =>
        worded(async () => {
          await (await loadCustomerAuth()).signOutCustomer()
          forgetSignedInCustomer()
        }),
      ),
    },
    actions: {
      clearLinkFromAddress: () => effects.clearLinkFromAddress(),
      goToProfileCreation: () => effects.goToProfileCreation(),
    },
  })
}

/** The profile page's machine with the browser's real effects. */
export function createCustomerProfileLogic(effects: {
  business: string | null
  goToSignIn: () => void
  goBack: () => void
}) {
  const api = createCustomerAccountApi(effects.business)
  return customerProfileMachine.provide({
    actors: {
      loadProfile: fromPromise<ProfileStart>(async () => {
        const email = await worded(async () => (await loadCustomerAuth()).currentCustomerEmail())
        if (!email) return { signedIn: false }
        return { signedIn: true, email, profile: await api.profile() }
      }),
      saveProfile: fromPromise(({ input }: { input: CustomerProfileInput }) =>
        api.saveProfile(input),
      ),
    },
    actions: {
      goToSignIn: () => effects.goToSignIn(),
      goBack: () => effects.goBack(),
    },
  })
}
