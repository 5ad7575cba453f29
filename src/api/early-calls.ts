import { readAuthToken, readDomain } from '../app/storage'
import { REQUEST_TIMEOUT_MS } from './timeout'

/*
 * The calls a signed-in cold start makes at once, with the token the last session stored,
 * before the API client, the auth machine or Firebase have loaded: the profile every staff
 * screen waits for, and the opened screen's first calls (its route's `startCalls`). A plain
 * fetch: this module is part of every page's first load, the client (and its middleware) is
 * not. Each answer is taken once, by the call it stands for, and only while fresh.
 */

/** The profile's address: every staff screen waits for it. */
export const PROFILE_PATH = '/api/v1/me/'

/** An answer older than this is not taken: a screen opened later asks afresh. */
export const EARLY_ANSWER_FRESH_MS = 30_000

const answers = new Map<string, { answer: Promise<Response>; askedAt: number }>()

/**
 * Asks for each path now, when the last session left a token. Not when calls go to the
 * business's own API address (a stored `domain`): the client's usual path handles that.
 */
export function askEarly(paths: readonly string[]): void {
  const token = readAuthToken()
  if (!token || readDomain()) return
  for (const path of paths) {
    const answer = fetch(path, {
      headers: { Authorization: `Bearer ${token}` },
      // As every call: a hung answer must not hold up the screen that waits for it.
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
    answer.catch(() => {})
    answers.set(path, { answer, askedAt: Date.now() })
  }
}

/** The early answer for `path`, once; null when none was asked for, it was taken, or it is stale. */
export function takeEarly(path: string): Promise<Response> | null {
  const early = answers.get(path)
  answers.delete(path)
  return early && Date.now() - early.askedAt <= EARLY_ANSWER_FRESH_MS ? early.answer : null
}

/** Forgets every early answer: the session they were asked for has ended. */
export function dropEarlyAnswers(): void {
  answers.clear()
}

/**
 * The call for `path`: its early answer when that was a success, else `call()` (nothing asked
 * early, an expired stored token, a failure). The body is the same operation's, so it has the
 * type `call` returns.
 */
export async function answeredEarly<T>(path: string, call: () => Promise<T>): Promise<T> {
  const early = takeEarly(path)
  const answer = early ? await early.catch(() => null) : null
  if (answer?.ok) {
    const body: unknown = await answer.json().catch(() => undefined)
    if (body !== undefined) return body as T
  }
  return call()
}
