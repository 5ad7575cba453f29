import { readAuthToken, readDomain } from '../app/storage'
import { REQUEST_TIMEOUT_MS } from './timeout'

/*
 * The profile asked for at a signed-in cold start, with the token the last session stored,
 * before the API client, the auth machine or Firebase have loaded. A plain fetch: this module
 * is part of every page's first load, the client (and its middleware) is not.
 */
let early: Promise<Response> | null = null

/**
 * Asks for the profile now, when the last session left a token. Not when calls go to the
 * business's own API address (a stored `domain`): the client's usual path handles that.
 */
export function askForProfileEarly(): void {
  const token = readAuthToken()
  if (!token || readDomain()) return
  early = fetch('/api/v1/me/', {
    headers: { Authorization: `Bearer ${token}` },
    // As every call: a hung answer must not hold up the profile the screens wait for.
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  early.catch(() => {})
}

/** The early answer, once; null when none was asked for or it was already taken. */
export function takeEarlyProfile(): Promise<Response> | null {
  const answer = early
  early = null
  return answer
}
