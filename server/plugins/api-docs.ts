import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'

const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const SWAGGER_FILES = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png'])

// No inline script: the page stays within the same CSP as the app.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>API reference - Slotwise Appointments</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
    <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`

// validatorUrl null: Swagger UI would otherwise send the contract to validator.swagger.io.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.yaml',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
})
`

/** The API reference at /api/docs, rendered by Swagger UI from local files only. */
export const apiDocsPlugin: FastifyPluginAsync<{ specPath: string }> = async (
  app,
  { specPath },
) => {
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: '/api/docs/assets/',
    decorateReply: false,
    allowedPath: (pathName) => SWAGGER_FILES.has(pathName),
    maxAge: '1d',
  })

  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  )
  app.get('/api/docs/init.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(INIT_SCRIPT),
  )
  app.get('/api/openapi.yaml', async (_request, reply) =>
    reply
      .type('application/yaml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(specPath, 'utf8')),
  )
}
