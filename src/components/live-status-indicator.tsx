import { useLiveStatus } from '../app/live-context'
import type { LiveStatus } from '../machines/live.machine'
import './live-status-indicator.css'

const LABELS: Record<LiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  offline: 'Offline',
}

const TITLES: Record<LiveStatus, string> = {
  connecting: 'Connecting for live updates',
  live: 'Changes by others appear here without reloading',
  reconnecting: 'Live updates paused; reconnecting',
  offline: 'Live updates are off',
}

/**
 * Whether calendar and dashboard update by themselves: a word (not a colour alone) in a polite
 * live region, so a screen reader hears "Reconnecting…" and "Live" as they happen.
 */
export function LiveStatusIndicator() {
  const status = useLiveStatus()
  return (
    <span className="p-live-status" data-status={status} title={TITLES[status]} aria-live="polite">
      <span className="p-live-status__dot" aria-hidden="true" />
      {LABELS[status]}
    </span>
  )
}
