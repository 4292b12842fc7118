import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The swagger-ui-dist files the page loads, with their content types. Nothing else of the package is served. */
const FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
  'oauth2-redirect.html': 'text/html; charset=utf-8',
  'oauth2-redirect.js': 'text/javascript; charset=utf-8',
}

export interface StaticAsset {
  readonly contentType: string
  readonly body: Uint8Array
}

/** Reads the Swagger UI files from the installed swagger-ui-dist package once, at start-up (no CDN at run time). */
export function loadSwaggerUiAssets(): Map<string, StaticAsset> {
  const require = createRequire(import.meta.url)
  const root = dirname(require.resolve('swagger-ui-dist/package.json'))
  const assets = new Map<string, StaticAsset>()
  for (const [file, contentType] of Object.entries(FILES))
    assets.set(file, { contentType, body: readFileSync(join(root, file)) })
  return assets
}
