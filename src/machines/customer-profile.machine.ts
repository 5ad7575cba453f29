import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import type { MessageKey } from '../../shared/i18n/en'
import { failureKeyOf } from './call-errors'

export type CustomerProfile = components['schemas']['CustomerProfile']
export type CustomerProfileInput = components['schemas']['CustomerProfileInput']

export interface ProfileValues {
  name: string
  phone: string
}
export type ProfileField = keyof ProfileValues
/** What is wrong with each field, as catalogue keys: the page says them in its language. */
export type ProfileErrors = Partial<Record<ProfileField, MessageKey>>

/** What loading finds: no signed-in customer, or their e-mail and any saved details. */
export type ProfileStart =
  | { signedIn: false }
  | { signedIn: true; email: string; profile: CustomerProfile | null }

export interface ProfileContext {
  email: string
  values: ProfileValues
  errors: ProfileErrors
  error: MessageKey | null
}

export type ProfileEvent =
  | { type: 'profile.changed'; values: Partial<ProfileValues> }
  | { type: 'profile.submitted' }
  | { type: 'profile.retry' }

const PHONE = /^[+0-9 ()./-]{3,40}$/

/** The checks the contract makes (CustomerProfileInput), worded for the visitor. */
export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {}
  if (values.name.trim() === '') errors.name = 'error_name_required'
  else if (values.name.trim().length > 120) errors.name = 'details_name_too_long'
  const phone = values.phone.trim()
  if (phone !== '' && !PHONE.test(phone)) errors.phone = 'details_phone_invalid'
  return errors
}

/** What the server is sent: trimmed, and an empty phone as "none". */
export function profileBody(values: ProfileValues): CustomerProfileInput {
  const phone = values.phone.trim()
  return { name: values.name.trim(), phone: phone || null }
}

/**
 * The fields a rejected save names (the public client's errors have `fieldErrors`). The
 * server's sentence is English, so the field gets the page's own: this check mirrors the
 * contract, and a field it passes is only asked to be checked again.
 */
function fieldErrorsOf(error: unknown, values: ProfileValues): ProfileErrors {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error)) return {}
  const fields = error.fieldErrors as Record<string, string>
  const ours = validateProfile(values)
  const errors: ProfileErrors = {}
  if (fields.name) errors.name = ours.name ?? 'details_check_field'
  if (fields.phone) errors.phone = ours.phone ?? 'details_check_field'
  return errors
}

/**
 * The signed-in customer's details with this business (name, phone), prefilled from what the
 * business already has. Effects are provided by the app: `loadProfile`, `saveProfile`; actions
 * `goToSignIn` (no customer is signed in) and `goBack` (saved). Tags: `loading`, `busy`.
 */
export const customerProfileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
  },
  actors: {
    loadProfile: fromPromise<ProfileStart>(async () => {
      throw new Error('provided by the app')
    }),
    saveProfile: fromPromise<CustomerProfile, CustomerProfileInput>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    goToSignIn: () => {},
    goBack: () => {},
  },
  guards: {
    isSignedIn: ({ event }) => (event as { output?: ProfileStart }).output?.signedIn === true,
    isValid: ({ context }) => Object.keys(validateProfile(context.values)).length === 0,
  },
}).createMachine({
  id: 'customerProfile',
  context: { email: '', values: { name: '', phone: '' }, errors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: [
          {
            guard: 'isSignedIn',
            target: 'editing',
            actions: assign(({ event }) => {
              const start = event.output
              if (!start.signedIn) return {}
              return {
                email: start.email,
                values: { name: start.profile?.name ?? '', phone: start.profile?.phone ?? '' },
              }
            }),
          },
          { target: 'leaving', actions: 'goToSignIn' },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => failureKeyOf(event.error, 'details_not_loaded'),
          }),
        },
      },
    },
    failed: {
      on: { 'profile.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      on: {
        'profile.changed': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, ...event.values }),
            // A corrected field loses its message; the others keep theirs until the next try.
            errors: ({ context, event }) => {
              const errors = { ...context.errors }
              for (const field of Object.keys(event.values) as ProfileField[]) delete errors[field]
              return errors
            },
          }),
        },
        'profile.submitted': [
          { guard: 'isValid', target: 'saving', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => validateProfile(context.values) }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => profileBody(context.values),
        onDone: { target: 'leaving', actions: 'goBack' },
        onError: {
          target: 'editing',
          actions: assign({
            errors: ({ context, event }) => fieldErrorsOf(event.error, context.values),
            error: ({ context, event }) =>
              Object.keys(fieldErrorsOf(event.error, context.values)).length > 0
                ? 'details_check_highlighted'
                : failureKeyOf(event.error, 'details_not_saved'),
          }),
        },
      },
    },
    leaving: { type: 'final' },
  },
})
