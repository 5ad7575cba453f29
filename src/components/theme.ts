import { DARK_THEME_CLASS, THEME_STORAGE_KEY } from '../../shared/theme'

/** The two palettes; the dark one is the class `p-dark` on the root element. */
export type Theme = 'light' | 'dark'

export { DARK_THEME_CLASS, THEME_STORAGE_KEY }

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)'

/** A stored choice wins; without one the theme follows the operating system. */
export function resolveTheme(stored: string | null, systemPrefersDark: boolean): Theme {
  if (stored === 'dark' || stored === 'light') return stored
  return systemPrefersDark ? 'dark' : 'light'
}

export function readStoredTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY)
    return stored === 'dark' || stored === 'light' ? stored : null
  } catch {
    // Storage can be blocked (private modes, sandboxed frames); the theme still works unsaved.
    return null
  }
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // See readStoredTheme: an unsaved choice is better than a crash.
  }
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_SCHEME_QUERY).matches
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle(DARK_THEME_CLASS, theme === 'dark')
}

export function currentTheme(root: HTMLElement = document.documentElement): Theme {
  return root.classList.contains(DARK_THEME_CLASS) ? 'dark' : 'light'
}

/** Called once at start-up, before React renders, so the first paint is already in the right palette. */
export function applyInitialTheme(): Theme {
  const theme = resolveTheme(readStoredTheme(), systemPrefersDark())
  applyTheme(theme)
  return theme
}

/** Follows the OS setting while the user has made no choice of their own; returns the unsubscribe. */
export function followSystemTheme(onChange: (theme: Theme) => void): () => void {
  if (typeof matchMedia !== 'function') return () => {}
  const query = matchMedia(DARK_SCHEME_QUERY)
  const listener = (event: MediaQueryListEvent) => {
    if (readStoredTheme() !== null) return
    const theme: Theme = event.matches ? 'dark' : 'light'
    applyTheme(theme)
    onChange(theme)
  }
  query.addEventListener('change', listener)
  return () => query.removeEventListener('change', listener)
}
