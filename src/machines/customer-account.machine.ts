import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import type { MessageKey } from '../../shared/i18n/en'
import { errorOf, failureKeyOf } from './call-errors'

export type MyAppointments = components['schemas']['MyAppointments']

/** How the page opened: from the e-mailed link, with a restored session, or signed out. */
export type AccountStart =
  | { kind: 'link'; rememberedEmail: string | null }
  | { kind: 'session'; email: string }
  | { kind: 'signedOut' }

export interface AccountContext {
  /** The page's address when it opened: the sign-in link itself when it came from one. */
  href: string
  email: string
  /** Catalogue keys, like `error`: the page says them in its language. */
  emailError: MessageKey | null
  /** Where the last link went, for "check your inbox". */
  linkSentTo: string | null
  signedInEmail: string | null
  appointments: MyAppointments | null
  error: MessageKey | null
}

export type AccountEvent =
  | { type: 'account.emailChanged'; email: string }
  | { type: 'account.linkRequested' }
  | { type: 'account.emailConfirmed' }
  | { type: 'account.restart' }
  | { type: 'account.retry' }
  | { type: 'account.signOut' }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** What is wrong with an e-mail field (a catalogue key), or null when the address can be used. */
export function emailProblem(email: string): MessageKey | null {
  const trimmed = email.trim()
  if (trimmed === '') return 'error_email_required'
  if (!EMAIL.test(trimmed) || trimmed.length > 254) return 'account_email_invalid'
  return null
}

/**
 * The customer's account page: sign in with a link e-mailed to them (no password), then see
 * their upcoming and past appointments with this business. Effects are provided by the app:
 * `startSession` (restores a session or recognises the link), `sendLink`, `completeLink`,
 * `hasProfile`, `loadAppointments`, `signOut`; actions `clearLinkFromAddress` and
 * `goToProfileCreation`. Tags: `loading`, `busy`.
 */
export const customerAccountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as { href: string },
  },
  actors: {
    startSession: fromPromise<AccountStart, { href: string }>(async () => {
      throw new Error('provided by the app')
    }),
    sendLink: fromPromise<void, { email: string }>(async () => {
      throw new Error('provided by the app')
    }),
    completeLink: fromPromise<string, { email: string; href: string }>(async () => {
      throw new Error('provided by the app')
    }),
    hasProfile: fromPromise<boolean>(async () => {
      throw new Error('provided by the app')
    }),
    loadAppointments: fromPromise<MyAppointments>(async () => {
      throw new Error('provided by the app')
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Takes the spent one-time code out of the address bar (and so out of history). */
    clearLinkFromAddress: () => {},
    goToProfileCreation: () => {},
  },
  guards: {
    isValidEmail: ({ context }) => emailProblem(context.email) === null,
    isLinkWithEmail: ({ event }) => {
      const start = (event as { output?: AccountStart }).output
      return start?.kind === 'link' && start.rememberedEmail !== null
    },
    isLink: ({ event }) => (event as { output?: AccountStart }).output?.kind === 'link',
    isSession: ({ event }) => (event as { output?: AccountStart }).output?.kind === 'session',
    hasProfile: ({ event }) => (event as { output?: boolean }).output === true,
  },
}).createMachine({
  id: 'customerAccount',
  context: ({ input }) => ({
    href: input.href,
    email: '',
    emailError: null,
    linkSentTo: null,
    signedInEmail: null,
    appointments: null,
    error: null,
  }),
  initial: 'starting',
  on: {
    'account.emailChanged': {
      actions: assign({ email: ({ event }) => event.email, emailError: null }),
    },
  },
  states: {
    starting: {
      tags: ['loading'],
      invoke: {
        id: 'startSession',
        src: 'startSession',
        input: ({ context }) => ({ href: context.href }),
        onDone: [
          {
            guard: 'isLinkWithEmail',
            target: 'completingLink',
            actions: assign({
              email: ({ event }) =>
                (event.output.kind === 'link' && event.output.rememberedEmail) || '',
            }),
          },
          { guard: 'isLink', target: 'confirmingEmail' },
          {
            guard: 'isSession',
            target: 'loading',
            actions: assign({
              signedInEmail: ({ event }) =>
                event.output.kind === 'session' ? event.output.email : null,
            }),
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'unavailable',
          actions: assign({
            error: ({ event }) => failureKeyOf(event.error, 'account_start_failed'),
          }),
        },
      },
    },
    unavailable: {
      on: { 'account.retry': { target: 'starting', actions: assign({ error: null }) } },
    },
    signedOut: {
      on: {
        'account.linkRequested': [
          { guard: 'isValidEmail', target: 'sendingLink', actions: assign({ error: null }) },
          { actions: assign({ emailError: ({ context }) => emailProblem(context.email) }) },
        ],
      },
    },
    sendingLink: {
      tags: ['busy'],
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: {
          target: 'linkSent',
          actions: assign({ linkSentTo: ({ context }) => context.email.trim() }),
        },
        onError: {
          target: 'signedOut',
          actions: assign({
            error: ({ event }) => failureKeyOf(event.error, 'account_link_not_sent'),
          }),
        },
      },
    },
    linkSent: {
      on: { 'account.restart': 'signedOut' },
    },
    /** Opened from the link on a device that did not ask for it: the address proves it. */
    confirmingEmail: {
      on: {
        'account.emailConfirmed': [
          { guard: 'isValidEmail', target: 'completingLink', actions: assign({ error: null }) },
          { actions: assign({ emailError: ({ context }) => emailProblem(context.email) }) },
        ],
      },
    },
    completingLink: {
      tags: ['loading'],
      invoke: {
        id: 'completeLink',
        src: 'completeLink',
        input: ({ context }) => ({ email: context.email.trim(), href: context.href }),
        onDone: {
          target: 'checkingProfile',
          actions: [
            assign({ signedInEmail: ({ event }) => event.output, href: '' }),
            'clearLinkFromAddress',
          ],
        },
        onError: {
          target: 'linkFailed',
          actions: [
            assign({
              error: ({ event }) => failureKeyOf(errorOf(event), 'account_link_did_not_work'),
              href: '',
            }),
            'clearLinkFromAddress',
          ],
        },
      },
    },
    /** An expired, used or mistyped link: the way on is a new link. */
    linkFailed: {
      on: { 'account.restart': { target: 'signedOut', actions: assign({ error: null }) } },
    },
    /** Only right after signing in: a first-time customer is asked for their details once. */
    checkingProfile: {
      tags: ['loading'],
      invoke: {
        id: 'hasProfile',
        src: 'hasProfile',
        onDone: [
          { guard: 'hasProfile', target: 'loading' },
          { target: 'leaving', actions: 'goToProfileCreation' },
        ],
        // Not knowing must not keep them from their appointments.
        onError: 'loading',
      },
    },
    leaving: { type: 'final' },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAppointments',
        src: 'loadAppointments',
        onDone: {
          target: 'ready',
          actions: assign({ appointments: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => failureKeyOf(event.error, 'account_appointments_failed'),
          }),
        },
      },
    },
    failed: {
      on: {
        'account.retry': 'loading',
        'account.signOut': 'signingOut',
      },
    },
    ready: {
      on: { 'account.signOut': 'signingOut' },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          actions: assign({ signedInEmail: null, appointments: null, error: null, email: '' }),
        },
        onError: {
          target: 'ready',
          actions: assign({
            error: ({ event }) => failureKeyOf(event.error, 'account_sign_out_failed'),
          }),
        },
      },
    },
  },
})
