import { createHash } from 'node:crypto'
import { DARK_THEME_CLASS, THEME_STORAGE_KEY } from '../../shared/theme.ts'

/*
 * A page the server rendered paints before the app's scripts run, so the dark palette must be
 * on <html> before the first paint, not after start-up: a few lines in the head do what
 * src/components/theme.ts's applyInitialTheme does (the stored choice, else the system's).
 * The CSP allows exactly this script by its hash, never inline scripts in general.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var s=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(s==='dark'||(s!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add(${JSON.stringify(DARK_THEME_CLASS)})}catch(e){}})()`

/** The CSP source that allows THEME_BOOT_SCRIPT, and nothing else, to run inline. */
export const THEME_BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`
