import { describe, expect, it } from 'vitest'
import {
  clearAll,
  clearSessionKeys,
  createMemoryStore,
  readBusinessData,
  readCalendarView,
  readCurrency,
  readIsAuthenticated,
  readSubscription,
  storageKeys,
  storeProfile,
  storeSignIn,
} from '../../../../src/app/storage'
import { alice, sampleProfile } from '../../../support/unit/auth-harness'

describe('local-storage keys', () => {
  it('are the product names', () => {
    expect(Object.values(storageKeys)).toEqual([
      'authToken',
      'isAuthenticated',
      'userId',
      'userEmail',
      'userName',
      'businessData',
      'currency',
      'domain',
      'subscription',
      'calendarView',
    ])
  })

  it('sign-in then profile fill all ten; the readers give them back', () => {
    const store = createMemoryStore()
    storeSignIn({ user: alice, token: 'tok' }, store)
    storeProfile(sampleProfile, store)
    expect(Object.values(storageKeys).every((key) => store.getItem(key) !== null)).toBe(true)
    expect(readIsAuthenticated(store)).toBe(true)
    expect(readBusinessData(store)).toEqual(sampleProfile.tenant)
    expect(readSubscription(store)).toEqual(sampleProfile.subscription)
    expect(readCurrency(store)).toBe('EUR')
    expect(readCalendarView(store)).toBe(sampleProfile.default_calendar)
  })

  it('a user without a name or e-mail leaves those keys out', () => {
    const store = createMemoryStore()
    store.setItem(storageKeys.userName, 'Previous User')
    storeSignIn({ user: { uid: 'u', email: null, displayName: null }, token: 'tok' }, store)
    expect(store.getItem(storageKeys.userName)).toBeNull()
    expect(store.getItem(storageKeys.userEmail)).toBeNull()
  })

  it('currency defaults to USD; broken JSON reads as absent', () => {
    const store = createMemoryStore()
    expect(readCurrency(store)).toBe('USD')
    store.setItem(storageKeys.subscription, '{not json')
    expect(readSubscription(store)).toBeNull()
  })

  it('clearSessionKeys removes the six session keys and keeps the business settings and calendar view', () => {
    const store = createMemoryStore()
    storeSignIn({ user: alice, token: 'tok' }, store)
    storeProfile(sampleProfile, store)
    clearSessionKeys(store)
    expect(
      Object.fromEntries(
        Object.values(storageKeys).map((key) => [key, store.getItem(key) !== null]),
      ),
    ).toEqual({
      authToken: false,
      isAuthenticated: false,
      userId: false,
      userEmail: false,
      userName: false,
      businessData: false,
      currency: true,
      domain: true,
      subscription: true,
      calendarView: true,
    })
  })

  it('clearAll removes every app key and nothing else', () => {
    const store = createMemoryStore()
    storeSignIn({ user: alice, token: 'tok' }, store)
    storeProfile(sampleProfile, store)
    store.setItem('theme', 'dark')
    clearAll(store)
    expect(Object.values(storageKeys).map((key) => store.getItem(key))).toEqual(
      Object.values(storageKeys).map(() => null),
    )
    expect(store.getItem('theme')).toBe('dark')
  })
})
