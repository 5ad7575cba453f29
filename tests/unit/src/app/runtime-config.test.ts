import { describe, expect, it } from 'vitest'
import {
  DEV_RUNTIME_CONFIG,
  getRuntimeConfig,
  parseRuntimeConfig,
} from '../../../../src/app/runtime-config'

describe('getRuntimeConfig', () => {
  it('falls back to the emulator defaults when the page has no injected config', () => {
    expect(getRuntimeConfig()).toEqual(DEV_RUNTIME_CONFIG)
    expect(DEV_RUNTIME_CONFIG.firebase).toMatchObject({
      projectId: 'demo-slotwise',
      apiKey: 'demo-api-key',
    })
    expect(DEV_RUNTIME_CONFIG.authEmulatorUrl).toBe('http://127.0.0.1:9099')
    expect(DEV_RUNTIME_CONFIG.sentryDsn).toBeNull()
  })
})

describe('parseRuntimeConfig', () => {
  it('reads what the server injects', () => {
    const injected = {
      firebase: {
        apiKey: 'AIza-real',
        authDomain: 'slotwise.example.com',
        projectId: 'slotwise-prod',
        appId: '1:2:web:3',
      },
      authEmulatorUrl: null,
      sentryDsn: 'https://key@o1.ingest.sentry.io/2',
      environment: 'production',
    }
    expect(parseRuntimeConfig(injected)).toEqual(injected)
  })

  it('treats missing optional fields as unset', () => {
    expect(parseRuntimeConfig({ firebase: { apiKey: 'k', projectId: 'p' } })).toEqual({
      firebase: { apiKey: 'k', authDomain: '', projectId: 'p', appId: '' },
      authEmulatorUrl: null,
      sentryDsn: null,
      environment: 'production',
    })
  })

  it('rejects a malformed config with the field at fault', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(/"firebase" object/)
    expect(() => parseRuntimeConfig({ firebase: { projectId: 'p' } })).toThrow(/firebase\.apiKey/)
    expect(() =>
      parseRuntimeConfig({ firebase: { apiKey: 'k', projectId: 'p' }, sentryDsn: 42 }),
    ).toThrow(/sentryDsn/)
  })
})
