import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type RsbuildPlugin } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'

// The built-in template has no `lang`; screen readers need it to pick a voice and pronunciation.
const pluginHtmlLang: RsbuildPlugin = {
  name: 'slotwise:html-lang',
  setup(api) {
    api.modifyHTML((html) => html.replace('<html>', '<html lang="en">'))
  },
}

// Scripts, styles and the embed's host script also as .br and .gz beside each file, which the
// server sends to browsers that accept them (server/plugins/spa-assets.ts): compressed once at
// build time, at the strongest settings, instead of on every response.
const COMPRESSIBLE = /\.(js|css|svg)$/
const pluginPrecompress: RsbuildPlugin = {
  name: 'slotwise:precompress',
  setup(api) {
    api.onAfterBuild(({ environments }) => {
      const web = environments.web
      if (!web) return
      const files = readdirSync(web.distPath, { recursive: true, encoding: 'utf8' })
      for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
        const path = join(web.distPath, file)
        const content = readFileSync(path)
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 7 } }),
        )
      }
    })
  },
}

// What a cold start of a staff screen fetches after the entry, named in the source with
// webpackChunkName (`staff-shell`, `firebase`, `screen-<the path's first segment>[-part]`) and
// listed by file in dist/start-chunks.json. The server names them in that screen's page as
// preloads (server/http/start-preloads.ts), so they download beside the entry, not after it.
const START_CHUNK_GROUP = /^(staff-shell|firebase|screen-[a-z-]+)$/
const pluginStartChunks: RsbuildPlugin = {
  name: 'slotwise:start-chunks',
  setup(api) {
    api.processAssets({ stage: 'report', environments: ['web'] }, ({ compilation, sources }) => {
      const groups: Record<string, string[]> = {}
      for (const [name, group] of compilation.namedChunkGroups) {
        if (!START_CHUNK_GROUP.test(name)) continue
        groups[name] = group.getFiles().filter((file) => /\.(js|css)$/.test(file))
      }
      compilation.emitAsset('start-chunks.json', new sources.RawSource(JSON.stringify(groups)))
    })
  },
}

export default defineConfig({
  plugins: [pluginReact(), pluginHtmlLang, pluginPrecompress, pluginStartChunks],
  environments: {
    // The browser app: everything below applies to it.
    web: {
      source: { entry: { index: './src/main.tsx' } },
    },
    // The booking pages' server renderer (src/server-entry.tsx): one ES module for Node that
    // the API server loads by path (server/http/server-rendered-page.ts), so the server never
    // imports src/. Outside dist/, which is served to browsers. The screens stay in chunks of
    // their own: only the booking pages' are ever loaded on the server.
    ssr: {
      source: { entry: { 'booking-page': './src/server-entry.tsx' } },
      output: {
        target: 'node',
        distPath: { root: 'dist-ssr' },
        minify: false,
      },
    },
  },
  html: {
    title: 'Slotwise Appointments',
    favicon: './public/favicon.svg',
    meta: {
      description:
        'Appointment booking for salons, clinics, tutors and every business that runs on a calendar.',
    },
  },
  output: {
    distPath: { root: 'dist' },
    // Everything ships from our own origin: no CDN, so the app works offline behind a firewall.
    assetPrefix: '/',
  },
  // Screens are `import()`ed from the route table, so each becomes its own async chunk; the preset
  // keeps React in a long-cached vendor chunk. Firebase is only reached through `import()`, which
  // keeps it out of the booking area's initial download.
  splitChunks: { preset: 'default' },
  server: {
    port: 3000,
    // The SPA calls its own origin; in development the API runs beside it on 8080.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } },
    historyApiFallback: true,
  },
})
