/**
 * Runs async tasks one at a time, in call order. PGlite is a single in-process connection, so
 * two interleaved transactions would share one session; queueing them keeps each atomic.
 */
export function createMutex() {
  let tail: Promise<unknown> = Promise.resolve()
  let queued = 0
  const runExclusive = <T>(task: () => Promise<T>): Promise<T> => {
    queued++
    const result = tail.then(task)
    // The next task waits for this one to settle, whether it succeeded or not.
    tail = result.then(
      () => {
        queued--
      },
      () => {
        queued--
      },
    )
    return result
  }
  /** Tasks running or waiting (for the database pool's metrics). */
  runExclusive.queued = () => queued
  return runExclusive
}
