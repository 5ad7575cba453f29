import type { ServiceState } from './state.ts'

/** What every route of the service reads: its state, the one OAuth client, its address. */
export interface ServiceContext {
  state: ServiceState
  client: { id: string; secret: string }
  /** Base address as the app and a browser see it, e.g. `http://127.0.0.1:9200`. */
  url: string
  /** The account the consent page offers when the app gives no `login_hint`. */
  defaultEmail: string
  /** Called after a calendar's events changed, for its push channels. */
  calendarChanged(calendarId: string): void
}
