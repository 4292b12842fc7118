import { SluiceError, type HttpRequest, type HttpResponse, type ProtocolPlugin } from '@sluice/core/protocol'
import { encodeOpenApiError } from './encode-openapi-error.js'
import { configuredRoles } from './openapi-documents.js'
import { openapiPath } from './openapi-plugin.js'
import { loadSwaggerUiAssets } from './swagger-ui-assets.js'
import { swaggerUiInitializer, swaggerUiPage } from './swagger-ui-page.js'

const SWAGGER_PATH = '/swagger'

/**
 * Swagger UI at `/swagger` (not under the REST path), in development mode only (SPEC §OpenAPI rule 2): production
 * answers 404 because nothing is mounted there. Its assets come from the swagger-ui-dist package, read at start-up;
 * the top bar lists the anonymous document and, below it, each configured role's.
 */
export function swaggerUiPlugin(): ProtocolPlugin {
  return {
    kind: 'protocol',
    protocol: 'swagger-ui',
    name: '@sluice/plugin-openapi/swagger-ui',
    core: '^0.1.0',
    prefix: (config) =>
      config.runtime.host.mode === 'development' && config.runtime.rest.enabled ? SWAGGER_PATH : undefined,
    mount(host) {
      const documents = openapiPath(host.config.runtime.rest.path)
      const links = [{ name: 'anonymous', url: documents }]
      for (const role of configuredRoles(host.model))
        if (role !== 'anonymous') links.push({ name: role, url: `${documents}/${encodeURIComponent(role)}` })
      const page = text(swaggerUiPage(SWAGGER_PATH), 'text/html; charset=utf-8')
      const initializer = text(swaggerUiInitializer(links, SWAGGER_PATH), 'text/javascript; charset=utf-8')
      const files = new Map<string, HttpResponse>()
      // The package's files change only with the installed version: browsers may keep them for an hour instead of
      // fetching (and the server compressing) 1.7 MB of script on every visit. The page and its script follow config.
      for (const [name, asset] of loadSwaggerUiAssets())
        files.set(name, respond(asset.body, asset.contentType, 'public, max-age=3600'))
      files.set('index.html', page)
      files.set('swagger-initializer.js', initializer)
      host.route({ method: 'GET', url: '/', handler: () => page })
      host.route({
        method: 'GET',
        url: '/*',
        handler: (request: HttpRequest) => {
          const file = files.get(request.path.slice(SWAGGER_PATH.length + 1))
          if (file === undefined)
            throw new SluiceError('SLUICE_ERR_ROUTE_NOT_FOUND', { method: request.method, path: request.path })
          return file
        },
      })
    },
    encodeError: encodeOpenApiError,
  }
}

function text(body: string, contentType: string): HttpResponse {
  return respond(new TextEncoder().encode(body), contentType)
}

function respond(body: Uint8Array, contentType: string, cacheControl = 'no-cache'): HttpResponse {
  return {
    status: 200,
    headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff', 'cache-control': cacheControl },
    body,
  }
}
