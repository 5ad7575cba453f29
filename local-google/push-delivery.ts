import type { Channel } from './state.ts'

/*
 * Sends push notifications one after another, as Google's are small and ordered per channel.
 * One attempt each: a receiver that is down misses it, and the app's polling catches up.
 */
export class PushDelivery {
  private queue: Promise<void> = Promise.resolve()

  constructor(private readonly resourceUriOf: (channel: Channel) => string) {}

  send(channel: Channel, state: 'sync' | 'exists'): void {
    channel.messageNumber += 1
    const headers: Record<string, string> = {
      'X-Goog-Channel-ID': channel.id,
      'X-Goog-Channel-Expiration': new Date(channel.expiration).toUTCString(),
      'X-Goog-Message-Number': String(channel.messageNumber),
      'X-Goog-Resource-ID': channel.resourceId,
      'X-Goog-Resource-State': state,
      'X-Goog-Resource-URI': this.resourceUriOf(channel),
      ...(channel.token === null ? {} : { 'X-Goog-Channel-Token': channel.token }),
    }
    this.queue = this.queue.then(() =>
      fetch(channel.address, { method: 'POST', headers, signal: AbortSignal.timeout(5000) }).then(
        (response) => void response.body?.cancel(),
        () => undefined,
      ),
    )
  }

  /** Resolves once every notification so far was sent (or failed). */
  idle(): Promise<void> {
    return this.queue
  }
}
