/** Browser settings the server injects into index.html (shape shared with src/app/runtime-config.ts). */
export interface ClientConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string }
  /** e.g. http://127.0.0.1:9099 when the Auth emulator is in use, else null. */
  authEmulatorUrl: string | null
  sentryDsn: string | null
  environment: string
}

export const CLIENT_CONFIG_ELEMENT_ID = 'slotwise-config'

/**
 * Adds the config to an HTML page as a JSON data block before `</head>`. Browsers never run
 * `type="application/json"` scripts, so the CSP needs no inline-script allowance; escaping `<`
 * keeps a value such as `</script>` from closing the element early.
 */
export function injectClientConfig(html: string, config: ClientConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c')
  const tag = `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${json}</script>`
  const headEnd = html.search(/<\/head>/i)
  if (headEnd === -1) return `${tag}${html}`
  return `${html.slice(0, headEnd)}${tag}${html.slice(headEnd)}`
}
