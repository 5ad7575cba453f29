/**
 * Model-based test of the signed-in customer's details page (see support/describe-model.ts):
 * a visitor who is not signed in is sent to sign in, a saved profile sends them back; the app
 * is told each exactly once, and a save sends the trimmed values.
 */
import { describe, expect } from 'vitest'
import {
  type CustomerProfile,
  customerProfileMachine,
  type ProfileEvent,
  profileBody,
} from '../../src/machines/customer-profile.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import {
  done,
  failed,
  loadAnswers,
  type ModelEvent,
  publicProblem,
  sampleErrors,
} from '../support/model/sample-events'

type ProfileSnapshot = ReturnType<typeof customerProfileMachine.getInitialSnapshot>

const email = 'cara@example.test'
const saved: CustomerProfile = { name: 'Cara Diaz', email, phone: null }

const sampleEvents: ModelEvent<ProfileEvent>[] = [
  { type: 'profile.changed', values: { name: ' Cara Diaz ', phone: '' }, name: 'valid' },
  { type: 'profile.changed', values: { name: '' }, name: 'no name' },
  { type: 'profile.changed', values: { phone: 'call me' }, name: 'bad phone' },
  { type: 'profile.submitted' },
  { type: 'profile.retry' },
  ...loadAnswers(
    'loadProfile',
    {
      'details on file': { signedIn: true, email, profile: saved },
      'first visit': { signedIn: true, email, profile: null },
      'signed out': { signedIn: false },
    },
    ['offline'],
  ),
  done('saveProfile', saved, 'saved'),
  failed(
    'saveProfile',
    publicProblem(400, 'Please check the highlighted fields.', { 'body.phone': 'Use digits.' }),
    'phone refused',
  ),
  failed('saveProfile', sampleErrors.offline, 'offline'),
]

describe('customer profile machine paths from its graph', () => {
  describeModel({
    name: 'customer-profile',
    machine: customerProfileMachine,
    starts: [{ input: undefined }],
    events: sampleEvents,
    observe: (snapshot: ProfileSnapshot) => ({
      value: snapshot.value,
      status: snapshot.status,
      ...snapshot.context,
      loading: snapshot.hasTag('loading'),
      busy: snapshot.hasTag('busy'),
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(customerProfileMachine, {
        effects: ['loadProfile', 'saveProfile'],
        actions: ['goToSignIn', 'goBack'],
        input,
        inspect,
      })
      return {
        ...harness,
        afterStep: ({ before, after, at }) => {
          const left = after.matches('leaving') && !before.matches('leaving')
          const heard = harness.heard()
          if (!left) expect(heard, at).toEqual([])
          else expect(heard, at).toEqual([before.matches('saving') ? 'goBack' : 'goToSignIn'])
          if (harness.asked('saveProfile').length > 0) {
            expect(harness.asked('saveProfile').at(-1), at).toEqual(
              profileBody(after.context.values),
            )
          }
        },
      }
    },
  })
})
