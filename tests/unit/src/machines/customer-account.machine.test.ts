import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  type AccountStart,
  customerAccountMachine,
  emailProblem,
  type MyAppointments,
} from '../../../../src/machines/customer-account.machine'

const LINK = 'https://book.example/booking/my-appointments?business=b&mode=signIn&oobCode=abc'
const NONE: MyAppointments = { upcoming: [], past: [] }

/** The account machine with scripted effects, recording what each was asked and done. */
function createAccount(
  start: AccountStart,
  options: {
    completeFails?: Error
    sendFails?: Error
    hasProfile?: boolean
    appointments?: () => Promise<MyAppointments>
  } = {},
) {
  const calls = {
    sent: [] as string[],
    completed: [] as { email: string; href: string }[],
    cleared: 0,
    toProfile: 0,
    signedOut: 0,
  }
  const machine = customerAccountMachine.provide({
    actors: {
      startSession: fromPromise(async () => start),
      sendLink: fromPromise(async ({ input }: { input: { email: string } }) => {
        calls.sent.push(input.email)
        if (options.sendFails) throw options.sendFails
      }),
      completeLink: fromPromise(async ({ input }: { input: { email: string; href: string } }) => {
        calls.completed.push(input)
        if (options.completeFails) throw options.completeFails
        return input.email
      }),
      hasProfile: fromPromise(async () => options.hasProfile ?? true),
      loadAppointments: fromPromise(options.appointments ?? (async () => NONE)),
      signOut: fromPromise(async () => {
        calls.signedOut += 1
      }),
    },
    actions: {
      clearLinkFromAddress: () => {
        calls.cleared += 1
      },
      goToProfileCreation: () => {
        calls.toProfile += 1
      },
    },
  })
  const actor = createActor(machine, { input: { href: LINK } }).start()
  return { actor, calls }
}

describe('customer account machine', () => {
  it('refuses a malformed address and sends the link to a good one, trimmed', async () => {
    const { actor, calls } = createAccount({ kind: 'signedOut' })
    await waitFor(actor, (s) => s.matches('signedOut'))
    actor.send({ type: 'account.emailChanged', email: 'cara@' })
    actor.send({ type: 'account.linkRequested' })
    expect(actor.getSnapshot().context.emailError).toBe('account_email_invalid')
    expect(calls.sent).toEqual([])

    actor.send({ type: 'account.emailChanged', email: ' cara@example.test ' })
    expect(actor.getSnapshot().context.emailError).toBeNull()
    actor.send({ type: 'account.linkRequested' })
    const sent = await waitFor(actor, (s) => s.matches('linkSent'))
    expect(calls.sent).toEqual(['cara@example.test'])
    expect(sent.context.linkSentTo).toBe('cara@example.test')
  })

  it('stays on the form with the reason when the link cannot be sent', async () => {
    const { actor } = createAccount(
      { kind: 'signedOut' },
      {
        sendFails: Object.assign(new Error('Too many sign-in links were asked for.'), {
          messageKey: 'account_too_many_links',
        }),
      },
    )
    await waitFor(actor, (s) => s.matches('signedOut'))
    actor.send({ type: 'account.emailChanged', email: 'cara@example.test' })
    actor.send({ type: 'account.linkRequested' })
    expect(actor.getSnapshot().matches('sendingLink')).toBe(true)
    const back = await waitFor(actor, (s) => s.matches('signedOut'))
    expect(back.context.error).toBe('account_too_many_links')
  })

  it('completes a link with the remembered address, clears the code and lists appointments', async () => {
    const { actor, calls } = createAccount({ kind: 'link', rememberedEmail: 'cara@example.test' })
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(calls.completed).toEqual([{ email: 'cara@example.test', href: LINK }])
    expect(calls.cleared).toBe(1)
    expect(calls.toProfile).toBe(0)
    expect(ready.context.signedInEmail).toBe('cara@example.test')
    expect(ready.context.appointments).toEqual(NONE)
  })

  it('sends a first-time customer to create their profile', async () => {
    const { actor, calls } = createAccount(
      { kind: 'link', rememberedEmail: 'cara@example.test' },
      { hasProfile: false },
    )
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls.toProfile).toBe(1)
  })

  it('asks for the address when the link was opened where it was not asked for', async () => {
    const { actor, calls } = createAccount({ kind: 'link', rememberedEmail: null })
    await waitFor(actor, (s) => s.matches('confirmingEmail'))
    actor.send({ type: 'account.emailConfirmed' })
    expect(actor.getSnapshot().context.emailError).toBe('error_email_required')
    actor.send({ type: 'account.emailChanged', email: 'cara@example.test' })
    actor.send({ type: 'account.emailConfirmed' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls.completed).toEqual([{ email: 'cara@example.test', href: LINK }])
  })

  it('explains a spent link, drops it, and offers a new one', async () => {
    const { actor, calls } = createAccount(
      { kind: 'link', rememberedEmail: 'cara@example.test' },
      {
        completeFails: Object.assign(new Error('expired'), { messageKey: 'account_link_expired' }),
      },
    )
    const failed = await waitFor(actor, (s) => s.matches('linkFailed'))
    expect(failed.context.error).toBe('account_link_expired')
    expect(failed.context.href).toBe('')
    expect(calls.cleared).toBe(1)
    actor.send({ type: 'account.restart' })
    expect(actor.getSnapshot().matches('signedOut')).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('a restored session goes straight to the appointments, without a profile check', async () => {
    const { actor, calls } = createAccount(
      { kind: 'session', email: 'cara@example.test' },
      { hasProfile: false },
    )
    const ready = await waitFor(actor, (s) => s.matches('ready'))
    expect(ready.context.signedInEmail).toBe('cara@example.test')
    expect(calls.toProfile).toBe(0)
    expect(calls.completed).toEqual([])
  })

  it('retries a failed load, and signing out forgets the appointments', async () => {
    let loads = 0
    const { actor, calls } = createAccount(
      { kind: 'session', email: 'cara@example.test' },
      {
        appointments: async () => {
          loads += 1
          if (loads === 1) throw new TypeError('Failed to fetch')
          return NONE
        },
      },
    )
    const failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe('call_offline')
    actor.send({ type: 'account.retry' })
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'account.signOut' })
    const out = await waitFor(actor, (s) => s.matches('signedOut'))
    expect(calls.signedOut).toBe(1)
    expect(out.context.appointments).toBeNull()
    expect(out.context.signedInEmail).toBeNull()
  })
})

describe('emailProblem', () => {
  it('accepts an ordinary address and words the two ways one can be wrong', () => {
    expect(emailProblem('cara@example.test')).toBeNull()
    expect(emailProblem('  ')).toBe('error_email_required')
    expect(emailProblem('cara@example')).toBe('account_email_invalid')
  })
})
