/**
 * Where the visitor's palette is remembered and how the page wears it: read by the browser
 * app (src/components/theme.ts) and by the script the server puts in a server-rendered page's
 * head (server/http/theme-boot-script.ts), which must agree before any of the app's code runs.
 */
export const THEME_STORAGE_KEY = 'theme'
export const DARK_THEME_CLASS = 'p-dark'
