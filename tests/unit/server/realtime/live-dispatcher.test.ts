import { describe, expect, it } from 'vitest'
import type { Identity } from '../../../../server/domain/identity.ts'
import { forbidden } from '../../../../server/domain/refusal.ts'
import { createLiveDispatcher } from '../../../../server/realtime/live-dispatcher.ts'
import {
  createLiveHub,
  type LiveConnection,
  type LiveServerMessage,
} from '../../../../server/realtime/live-hub.ts'
import type { Profile } from '../../../../server/services/profile-service.ts'
import { sampleAppointmentEvent, sampleProfileEvent } from '../../../support/unit/live-harness'

const silentLog = {
  warn: () => {},
  error: () => {},
} as unknown as Parameters<typeof createLiveDispatcher>[0]['log']

function identity(uid: string): Identity {
  return { uid, email: `${uid}@example.com`, emailVerified: true, name: uid, authTime: null }
}

function connection(uid: string, options: { failing?: boolean } = {}) {
  const received: LiveServerMessage[] = []
  const ended: { status: number; detail: string }[] = []
  const value: LiveConnection = {
    identity: identity(uid),
    send: (message) => {
      if (options.failing) throw new Error('socket gone')
      received.push(message)
    },
    end: (status, detail) => ended.push({ status, detail }),
  }
  return { value, received, ended }
}

const appointment = sampleAppointmentEvent.appointment
const notification = (tenantId: string, type = 'appointment.created', id = appointment.id) =>
  JSON.stringify({ tenant_id: tenantId, kind: 'appointment', type, appointment_id: id })

function setup(overrides: Partial<Parameters<typeof createLiveDispatcher>[0]> = {}) {
  const hub = createLiveHub()
  const loads: string[] = []
  const dispatcher = createLiveDispatcher({
    hub,
    loadAppointment: async (_, id) => {
      loads.push(id)
      return { ...appointment, id }
    },
    loadProfile: async (who) => ({
      ...sampleProfileEvent.profile,
      user: { ...sampleProfileEvent.profile.user, uid: who.uid },
    }),
    log: silentLog,
    ...overrides,
  })
  return { hub, dispatcher, loads }
}

describe('live dispatcher', () => {
  it('sends an appointment to every socket of its business only, reading it once', async () => {
    const { hub, dispatcher, loads } = setup()
    const alice = connection('alice')
    const bob = connection('bob')
    const stranger = connection('stranger')
    hub.join(alice.value, 'harbor')
    hub.join(bob.value, 'harbor')
    hub.join(stranger.value, 'elsewhere')

    await dispatcher.handle(notification('harbor'))

    expect(loads).toEqual([appointment.id])
    expect(alice.received).toEqual([{ type: 'appointment.created', appointment }])
    expect(bob.received).toEqual(alice.received)
    expect(stranger.received).toEqual([])
  })

  it('reads nothing when nobody of the business is connected here', async () => {
    const { dispatcher, loads } = setup()
    await dispatcher.handle(notification('harbor'))
    expect(loads).toEqual([])
  })

  it("keeps sending to the others when one socket's send throws", async () => {
    const { hub, dispatcher } = setup()
    const broken = connection('broken', { failing: true })
    const fine = connection('fine')
    hub.join(broken.value, 'harbor')
    hub.join(fine.value, 'harbor')
    await dispatcher.handle(notification('harbor'))
    expect(fine.received).toHaveLength(1)
  })

  it("builds each user's own profile, and one failing profile does not stop the others", async () => {
    const { hub, dispatcher } = setup({
      loadProfile: async (who) => {
        if (who.uid === 'unlucky') throw new Error('database hiccup')
        return {
          ...sampleProfileEvent.profile,
          user: { ...sampleProfileEvent.profile.user, uid: who.uid },
        }
      },
    })
    const alice = connection('alice')
    const unlucky = connection('unlucky')
    hub.join(alice.value, 'harbor')
    hub.join(unlucky.value, 'harbor')
    await dispatcher.handle(JSON.stringify({ tenant_id: 'harbor', kind: 'profile' }))
    expect(alice.received).toMatchObject([
      { type: 'profile.updated', profile: { user: { uid: 'alice' } } },
    ])
    expect(unlucky.received).toEqual([])
  })

  it('moves a socket to the business its new profile names (removed from this one, still in another)', async () => {
    const { hub, dispatcher } = setup({
      loadProfile: async () =>
        ({
          ...sampleProfileEvent.profile,
          tenant: { ...sampleProfileEvent.profile.tenant, id: 'own-business' },
        }) as Profile,
    })
    const removed = connection('removed')
    hub.join(removed.value, 'harbor')
    await dispatcher.handle(JSON.stringify({ tenant_id: 'harbor', kind: 'profile' }))
    expect(hub.tenantOf(removed.value)).toBe('own-business')
    await dispatcher.handle(notification('harbor'))
    expect(removed.received).toHaveLength(1)
  })

  it('closes the socket of a user whose access was removed, and only theirs', async () => {
    const refusal = forbidden('Your access to Harbor was removed on 2026-05-04.')
    const { hub, dispatcher } = setup({
      loadProfile: async (who) => {
        if (who.uid === 'leaver') throw refusal
        return {
          ...sampleProfileEvent.profile,
          user: { ...sampleProfileEvent.profile.user, uid: who.uid },
        }
      },
    })
    const leaver = connection('leaver')
    const colleague = connection('colleague')
    hub.join(leaver.value, 'harbor')
    hub.join(colleague.value, 'harbor')

    await dispatcher.handle(JSON.stringify({ tenant_id: 'harbor', kind: 'profile' }))

    expect(leaver.ended).toEqual([{ status: 403, detail: refusal.message }])
    expect(leaver.received).toEqual([])
    expect(colleague.ended).toEqual([])
    expect(colleague.received).toMatchObject([{ type: 'profile.updated' }])
  })

  it('keeps the order of one business even when an earlier read is slower', async () => {
    let releaseFirst = () => {}
    const { hub, dispatcher } = setup({
      loadAppointment: async (_, id) => {
        if (id === 'first') await new Promise<void>((resolve) => (releaseFirst = resolve))
        return { ...appointment, id }
      },
    })
    const alice = connection('alice')
    hub.join(alice.value, 'harbor')
    const first = dispatcher.handle(notification('harbor', 'appointment.created', 'first'))
    const second = dispatcher.handle(notification('harbor', 'appointment.updated', 'second'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    releaseFirst()
    await Promise.all([first, second])
    expect(alice.received.map((message) => message.type)).toEqual([
      'appointment.created',
      'appointment.updated',
    ])
  })

  it('ignores malformed payloads and appointments that no longer exist', async () => {
    const { hub, dispatcher } = setup({ loadAppointment: async () => null })
    const alice = connection('alice')
    hub.join(alice.value, 'harbor')
    await dispatcher.handle('not json')
    await dispatcher.handle(JSON.stringify({ tenant_id: 'harbor', kind: 'appointment' }))
    await dispatcher.handle(notification('harbor'))
    await dispatcher.idle()
    expect(alice.received).toEqual([])
  })
})
