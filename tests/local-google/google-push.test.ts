import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { GoogleConnector } from '../../server/calendars/google/google-connector.ts'
import { exchangeGoogleCode, googleConsentUrl } from '../../server/calendars/google/google-oauth.ts'
import { readPushNotification } from '../../server/calendars/google/google-push.ts'
import { googleSettings } from '../../server/calendars/google/google-settings.ts'
import {
  answerConsent,
  connectedClient,
  type LocalGoogle,
  redirectUri,
  startLocalGoogle,
} from '../support/local-google/service.ts'

let service: LocalGoogle
const received: IncomingHttpHeaders[] = []
const receiver = createServer((request, response) => {
  received.push(request.headers)
  response.writeHead(200).end()
})

beforeAll(async () => {
  service = await startLocalGoogle()
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  await service.stop()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})

it('opens a push channel whose notifications name the channel and its token, and closes it', async () => {
  const settings = googleSettings({
    clientId: service.clientId,
    clientSecret: service.clientSecret,
    oauthBaseUrl: service.url,
    apiBaseUrl: service.url,
  })
  const back = await answerConsent(googleConsentUrl(settings, { redirectUri, state: 's' }))
  const credentials = await exchangeGoogleCode(settings, {
    code: back.searchParams.get('code') ?? '',
    redirectUri,
  })
  const connector = new GoogleConnector(credentials, { settings })
  const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/webhooks/google-calendar`
  const channel = await connector.watch('primary', {
    channelId: 'c0ffee00-0000-4000-8000-000000000001',
    address,
    token: 'connection=42',
  })
  expect(channel.resourceId).toBeTruthy()
  expect(channel.expiresAt).toBeGreaterThan(Date.now())

  const { api: member } = await connectedClient(service)
  await member.events.insert({
    calendarId: 'primary',
    requestBody: { start: { date: '2027-01-05' }, end: { date: '2027-01-06' } },
  })
  await service.notificationsIdle()
  expect(received.map((headers) => readPushNotification(headers))).toEqual([
    {
      channelId: channel.id,
      resourceId: channel.resourceId,
      state: 'sync',
      token: 'connection=42',
      messageNumber: 1,
    },
    {
      channelId: channel.id,
      resourceId: channel.resourceId,
      state: 'exists',
      token: 'connection=42',
      messageNumber: 2,
    },
  ])
  expect(readPushNotification({ 'content-type': 'text/plain' })).toBeUndefined()

  await connector.stopWatching(channel)
  await connector.stopWatching(channel)
  await member.events.insert({
    calendarId: 'primary',
    requestBody: { start: { date: '2027-01-07' }, end: { date: '2027-01-08' } },
  })
  await service.notificationsIdle()
  expect(received).toHaveLength(2)
})
