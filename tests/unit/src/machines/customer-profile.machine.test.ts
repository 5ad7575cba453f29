import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../../../src/api/api-error'
import {
  type CustomerProfileInput,
  customerProfileMachine,
  type ProfileStart,
  profileBody,
  validateProfile,
} from '../../../../src/machines/customer-profile.machine'

function createProfile(start: ProfileStart, save: (body: CustomerProfileInput) => Promise<void>) {
  const calls = { saved: [] as CustomerProfileInput[], toSignIn: 0, back: 0 }
  const machine = customerProfileMachine.provide({
    actors: {
      loadProfile: fromPromise(async () => start),
      saveProfile: fromPromise(async ({ input }: { input: CustomerProfileInput }) => {
        calls.saved.push(input)
        await save(input)
        return { name: input.name, email: 'cara@example.test', phone: input.phone ?? null }
      }),
    },
    actions: {
      goToSignIn: () => {
        calls.toSignIn += 1
      },
      goBack: () => {
        calls.back += 1
      },
    },
  })
  return { actor: createActor(machine).start(), calls }
}

describe('customer profile machine', () => {
  it('sends a visitor who is not signed in to sign in', async () => {
    const { actor, calls } = createProfile({ signedIn: false }, async () => {})
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls.toSignIn).toBe(1)
  })

  it('prefills what the business has and saves the corrected details', async () => {
    const { actor, calls } = createProfile(
      {
        signedIn: true,
        email: 'cara@example.test',
        profile: { name: 'Cara', email: 'cara@example.test', phone: null },
      },
      async () => {},
    )
    const editing = await waitFor(actor, (s) => s.matches('editing'))
    expect(editing.context.values).toEqual({ name: 'Cara', phone: '' })

    actor.send({ type: 'profile.changed', values: { name: '  ', phone: 'call me' } })
    actor.send({ type: 'profile.submitted' })
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'error_name_required',
      phone: 'details_phone_invalid',
    })
    expect(calls.saved).toEqual([])

    // Correcting one field clears its message only.
    actor.send({ type: 'profile.changed', values: { name: ' Cara Doe ' } })
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['phone'])
    actor.send({ type: 'profile.changed', values: { phone: '+1 555 0100' } })
    actor.send({ type: 'profile.submitted' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls.saved).toEqual([{ name: 'Cara Doe', phone: '+1 555 0100' }])
    expect(calls.back).toBe(1)
  })

  it('marks the fields the server refuses, in the page’s words, and stays', async () => {
    const refusal = new ApiError(
      400,
      { detail: 'Invalid', errors: [{ path: '/body/phone', message: 'must match pattern' }] },
      null,
    )
    const { actor, calls } = createProfile(
      { signedIn: true, email: 'cara@example.test', profile: null },
      async () => {
        throw refusal
      },
    )
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'profile.changed', values: { name: 'Cara', phone: '555-0100' } })
    actor.send({ type: 'profile.submitted' })
    const back = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null)
    // The server's English is not shown: the field is marked with the page's own sentence.
    expect(back.context.errors).toEqual({ phone: 'details_check_field' })
    expect(back.context.error).toBe('details_check_highlighted')
    expect(calls.back).toBe(0)
  })
})

describe('profile values', () => {
  it('sends trimmed values and an empty phone as none', () => {
    expect(profileBody({ name: ' Cara ', phone: '  ' })).toEqual({ name: 'Cara', phone: null })
  })

  it('limits the name to what the contract accepts', () => {
    expect(validateProfile({ name: 'x'.repeat(121), phone: '' }).name).toBe('details_name_too_long')
    expect(validateProfile({ name: 'Cara', phone: '12' }).phone).toBeDefined()
    expect(validateProfile({ name: 'Cara', phone: '(030) 123-45' })).toEqual({})
  })
})
