import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

/*
 * A cold start of a staff screen fetches the entry, runs it, and only then asks for the
 * signed-in areas' code, Firebase and the screen's own chunks: a second round of downloads.
 * The build lists those chunks by group (rsbuild.config.ts writes dist/start-chunks.json); the
 * page of a screen names them as preloads, so the browser fetches them beside the entry. Pages
 * without a screen group of their own (booking pages, sign-in) carry none: a customer's phone
 * never downloads the staff app.
 */

/** dist/start-chunks.json: a chunk group's name → its files, relative to the SPA's root. */
export type StartChunkGroups = Record<string, string[]>

const SHARED_GROUPS = ['staff-shell', 'firebase']

/** The build's start chunk groups; none when the build has no list (a build before it). */
export async function readStartChunkGroups(spaDir: string): Promise<StartChunkGroups> {
  try {
    return JSON.parse(await readFile(join(spaDir, 'start-chunks.json'), 'utf8')) as StartChunkGroups
  } catch {
    return {}
  }
}

/**
 * The files a cold start at `pathname` needs after the entry: the screen's groups
 * (`screen-<first segment>` and its `screen-<first segment>-<part>`s) with the signed-in areas'
 * and Firebase's, each file once; none where no screen group matches.
 */
export function startFiles(groups: StartChunkGroups, pathname: string): string[] {
  const segment = pathname.split('/')[1] ?? ''
  if (!/^[a-z-]+$/.test(segment)) return []
  const screen = `screen-${segment}`
  const screenGroups = Object.keys(groups).filter(
    (name) => name === screen || name.startsWith(`${screen}-`),
  )
  if (screenGroups.length === 0) return []
  return [...new Set([...SHARED_GROUPS, ...screenGroups].flatMap((name) => groups[name] ?? []))]
}

/** `<link rel="preload">` tags for `files`, scripts and styles, put before `</head>`. */
export function withStartPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html
  const tags = files
    .filter((file) => /^[\w./-]+\.(js|css)$/.test(file))
    .map((file) => {
      const as = file.endsWith('.css') ? 'style' : 'script'
      return `<link rel="preload" href="/${file}" as="${as}">`
    })
    .join('')
  const headEnd = html.search(/<\/head>/i)
  return headEnd === -1 ? html : `${html.slice(0, headEnd)}${tags}${html.slice(headEnd)}`
}
