import { describe, expect, it } from 'vitest'
import {
  type AccessInput,
  decideAccess,
  isSafeReturnPath,
  loginPathFor,
  returnPathFrom,
} from '../../../../src/routes/route-access'

const staff = (overrides: Partial<AccessInput>): AccessInput => ({
  area: 'staff',
  status: 'signedOut',
  storedFlag: false,
  path: '/customers',
  search: '',
  ...overrides,
})

describe('decideAccess: signed-in screens', () => {
  it('renders for a signed-in user', () => {
    expect(decideAccess(staff({ status: 'signedIn' }))).toEqual({ kind: 'render' })
  })

  it('renders while initialising when the stored flag says the last session was signed in', () => {
    expect(decideAccess(staff({ status: 'initializing', storedFlag: true }))).toEqual({
      kind: 'render',
    })
  })

  it('waits (no login flash) while initialising without the stored flag', () => {
    expect(decideAccess(staff({ status: 'initializing', storedFlag: false }))).toEqual({
      kind: 'wait',
    })
  })

  it('sends a signed-out visitor to /login, remembering the page and its query', () => {
    expect(decideAccess(staff({ path: '/customers', search: '?page=2' }))).toEqual({
      kind: 'redirect',
      to: '/login?next=%2Fcustomers%3Fpage%3D2',
    })
  })

  it('ignores a stale stored flag once the provider says signed out', () => {
    expect(decideAccess(staff({ status: 'signedOut', storedFlag: true }))).toEqual({
      kind: 'redirect',
      to: '/login?next=%2Fcustomers',
    })
  })

  it('sends a user whose session just ended to a plain /login', () => {
    expect(decideAccess(staff({ sessionEnded: true }))).toEqual({ kind: 'redirect', to: '/login' })
  })

  it('does not add next=/dashboard, the default destination anyway', () => {
    expect(decideAccess(staff({ path: '/dashboard' }))).toEqual({ kind: 'redirect', to: '/login' })
  })
})

describe('decideAccess: sign-in and sign-up', () => {
  const guest = (overrides: Partial<AccessInput>) =>
    staff({ area: 'guest', path: '/login', ...overrides })

  it('shows the form to a signed-out visitor and while initialising without the flag', () => {
    expect(decideAccess(guest({ status: 'signedOut' }))).toEqual({ kind: 'render' })
    expect(decideAccess(guest({ status: 'initializing' }))).toEqual({ kind: 'render' })
  })

  it('sends a signed-in user to the dashboard', () => {
    expect(decideAccess(guest({ status: 'signedIn' }))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    })
    expect(decideAccess(guest({ status: 'initializing', storedFlag: true }))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    })
  })

  it('returns a freshly signed-in user to the page they were going to', () => {
    expect(decideAccess(guest({ status: 'signedIn', search: '?next=%2Fteam%2Fcreate' }))).toEqual({
      kind: 'redirect',
      to: '/team/create',
    })
  })
})

describe('return paths', () => {
  it.each([
    ['//evil.example/x'],
    ['https://evil.example'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['/login'],
    ['/register?next=/x'],
    [''],
  ])('refuses %s', (path) => {
    expect(isSafeReturnPath(path)).toBe(false)
    expect(returnPathFrom(`?next=${encodeURIComponent(path)}`)).toBe('/dashboard')
  })

  it('accepts in-app paths with a query', () => {
    expect(returnPathFrom('?next=%2Fcalendar%3Fview%3Dweek')).toBe('/calendar?view=week')
    expect(returnPathFrom('next=%2Flogins-report')).toBe('/logins-report')
  })

  it('defaults to the dashboard', () => {
    expect(returnPathFrom('')).toBe('/dashboard')
  })

  it('builds the login path round-trip', () => {
    const to = loginPathFor('/services/3f2a/edit', 'tab=prices')
    expect(to).toBe('/login?next=%2Fservices%2F3f2a%2Fedit%3Ftab%3Dprices')
    expect(returnPathFrom(to.slice(to.indexOf('?')))).toBe('/services/3f2a/edit?tab=prices')
  })
})
