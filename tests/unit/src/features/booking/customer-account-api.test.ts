import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src/api/api-error'
import { createPublicBookingApi } from '../../../../../src/features/booking/api'
import { createCustomerAccountApi } from '../../../../../src/features/booking/customer-account-effects'
import { createPublicClient } from '../../../../../src/features/booking/public-client'
import { sendJson, startTestServer, type TestServer } from '../../../../support/unit/test-server'

let server: TestServer
beforeEach(async () => {
  server = await startTestServer()
})
afterEach(() => server.close())

function accountApi(token: string | null) {
  const client = createPublicClient({ baseUrl: server.origin, getBusiness: () => 'harbor-street' })
  return createCustomerAccountApi(
    'harbor-street',
    createPublicBookingApi(client),
    async () => token,
  )
}

const cara = { name: 'Cara Doe', email: 'cara@example.test', phone: null }

describe('the signed-in customer’s calls', () => {
  it('send the ID token and the page’s business', async () => {
    server.handle(sendJson(200, { upcoming: [], past: [] }))
    expect(await accountApi('id-token').appointments()).toEqual({ upcoming: [], past: [] })
    const [request] = server.seen
    expect(request?.path).toBe('/api/v1/public/my-appointments?business=harbor-street')
    expect(request?.headers.authorization).toBe('Bearer id-token')
  })

  it('read "no details yet" (404) as no profile, and other failures as failures', async () => {
    server.handle(
      sendJson(404, { status: 404, detail: 'You have no details with this business yet.' }),
    )
    expect(await accountApi('id-token').profile()).toBeNull()
    server.handle(
      sendJson(403, { status: 403, detail: 'Open the sign-in link we e-mailed you first.' }),
    )
    await expect(accountApi('id-token').profile()).rejects.toBeInstanceOf(ApiError)
  })

  it('save the details with PUT and return what the server kept', async () => {
    server.handle(sendJson(200, cara))
    expect(await accountApi('id-token').saveProfile({ name: 'Cara Doe', phone: null })).toEqual(
      cara,
    )
    const [request] = server.seen
    expect(request?.method).toBe('PUT')
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Cara Doe', phone: null })
  })

  it('call nothing when no one is signed in', async () => {
    await expect(accountApi(null).appointments()).rejects.toThrow(/signed out/)
    expect(server.seen).toEqual([])
  })
})
