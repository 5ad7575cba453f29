import { useSyncExternalStore } from 'react'
import { applyTheme, currentTheme, followSystemTheme, storeTheme, type Theme } from './theme'

/** Changes of the class on <html> (this toggle, another one, the system's setting followed). */
function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  const stopFollowing = followSystemTheme(() => {})
  return () => {
    observer.disconnect()
    stopFollowing()
  }
}

// The server cannot know the visitor's palette: it renders the light toggle, hydration starts
// from that, and React then renders the page's own theme.
const serverTheme = (): Theme => 'light'

const ENGLISH_LABELS = { toDark: 'Switch to dark mode', toLight: 'Switch to light mode' }

/**
 * Switches between the light and dark palettes and remembers the choice in localStorage `theme`.
 * The class on <html> is the source of truth, so every toggle on the page agrees. `labels`:
 * the booking pages say them in their own language.
 */
export function ThemeToggle({
  className,
  labels = ENGLISH_LABELS,
}: {
  className?: string
  labels?: { toDark: string; toLight: string }
}) {
  const theme = useSyncExternalStore(subscribeToTheme, () => currentTheme(), serverTheme)

  const isDark = theme === 'dark'
  const toggle = () => {
    const next: Theme = isDark ? 'light' : 'dark'
    applyTheme(next)
    storeTheme(next)
  }

  return (
    <button
      type="button"
      className={['p-icon-button', className].filter(Boolean).join(' ')}
      aria-pressed={isDark}
      aria-label={isDark ? labels.toLight : labels.toDark}
      title={isDark ? labels.toLight : labels.toDark}
      onClick={toggle}
    >
      {isDark ? <SunIcon /> : <MoonIcon />}
    </button>
  )
}

function MoonIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function SunIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="4" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M12 2.5v2M12 19.5v2M4.6 4.6l1.4 1.4M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  )
}
