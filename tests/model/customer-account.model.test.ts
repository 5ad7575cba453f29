/**
 * Model-based test of the customer's account page (see support/describe-model.ts): sign in
 * with an e-mailed link, first-time customers asked for their details once, then their
 * appointments. The spent link leaves the address bar exactly when it has been used (or
 * refused), the profile page is opened exactly once, and each call gets the address typed.
 */
import { describe, expect } from 'vitest'
import {
  type AccountEvent,
  customerAccountMachine,
  type MyAppointments,
} from '../../src/machines/customer-account.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import {
  done,
  failed,
  loadAnswers,
  type ModelEvent,
  publicProblem,
  sampleErrors,
} from '../support/model/sample-events'
import { confirmation } from '../support/unit/booking-harness'

type AccountSnapshot = ReturnType<typeof customerAccountMachine.getInitialSnapshot>

const LINK = 'https://book.example/booking/my-appointments?business=b&mode=signIn&oobCode=abc'
const email = 'ann@example.com'
const appointments: MyAppointments = { upcoming: [confirmation()], past: [] }

const sampleEvents: ModelEvent<AccountEvent>[] = [
  { type: 'account.emailChanged', email: ` ${email} `, name: 'valid' },
  { type: 'account.emailChanged', email: 'ann@', name: 'invalid' },
  { type: 'account.linkRequested' },
  { type: 'account.emailConfirmed' },
  { type: 'account.restart' },
  { type: 'account.retry' },
  { type: 'account.signOut' },
  ...loadAnswers(
    'startSession',
    {
      'link, e-mail remembered': { kind: 'link', rememberedEmail: email },
      'link on another device': { kind: 'link', rememberedEmail: null },
      session: { kind: 'session', email },
      'signed out': { kind: 'signedOut' },
    },
    ['offline'],
  ),
  done('sendLink', undefined, 'sent'),
  failed('sendLink', publicProblem(429, 'Too many links; try again in a minute.'), 'limited'),
  done('completeLink', email, 'signed in'),
  failed('completeLink', publicProblem(400, 'This link has expired.'), 'expired'),
  done('hasProfile', true, 'has details'),
  done('hasProfile', false, 'first time'),
  failed('hasProfile', sampleErrors.offline, 'offline'),
  ...loadAnswers('loadAppointments', { appointments }, ['offline']),
  done('signOut', undefined, 'signed out'),
  failed('signOut', sampleErrors.offline, 'offline'),
]

describe('customer account machine paths from its graph', () => {
  describeModel({
    name: 'customer-account',
    machine: customerAccountMachine,
    starts: [{ input: { href: LINK } }],
    events: sampleEvents,
    observe: (snapshot: AccountSnapshot) => ({
      value: snapshot.value,
      status: snapshot.status,
      ...snapshot.context,
      appointments: snapshot.context.appointments?.upcoming.length ?? null,
      loading: snapshot.hasTag('loading'),
      busy: snapshot.hasTag('busy'),
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(customerAccountMachine, {
        effects: [
          'startSession',
          'sendLink',
          'completeLink',
          'hasProfile',
          'loadAppointments',
          'signOut',
        ],
        actions: ['clearLinkFromAddress', 'goToProfileCreation'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ before, after, at }) => {
          const expected: string[] = []
          if (before.matches('completingLink') && !after.matches('completingLink')) {
            expected.push('clearLinkFromAddress')
          }
          if (after.matches('leaving') && !before.matches('leaving')) {
            expected.push('goToProfileCreation')
          }
          expect(harness.heard(), at).toEqual(expected)
          if (harness.asked('sendLink').length > 0) {
            expect(harness.asked('sendLink').at(-1), at).toEqual({ email })
          }
          if (harness.asked('completeLink').length > 0) {
            expect(harness.asked('completeLink').at(-1), at).toEqual({ email, href: LINK })
          }
        },
      }
    },
  })
})
