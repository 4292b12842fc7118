import { SluiceError, type HttpRequest, type HttpResponse, type ProtocolPlugin } from '@sluice/core/protocol'
import { encodeOpenApiError } from './encode-openapi-error.js'
import { OpenApiDocuments } from './openapi-documents.js'

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' } as const

/**
 * OpenAPI 3.0.1 at `{rest-path}/openapi` (SPEC §OpenAPI): the anonymous view at the base path; in development mode
 * `/openapi/{role}` for every role the config names (404 for others, and for every role path in production). Off
 * when REST is disabled globally: there is no endpoint to describe. Every document is built at start-up.
 */
export function openapiPlugin(): ProtocolPlugin {
  return {
    kind: 'protocol',
    protocol: 'openapi',
    name: '@sluice/plugin-openapi',
    core: '^0.1.0',
    prefix: (config) => (config.runtime.rest.enabled ? openapiPath(config.runtime.rest.path) : undefined),
    mount(host) {
      const documents = new OpenApiDocuments(host.model)
      const development = host.config.runtime.host.mode === 'development'
      const prefix = openapiPath(host.config.runtime.rest.path)
      for (const entity of host.model.entities.values()) {
        if (entity.rest.enabled && (entity.rest.path === 'openapi' || entity.rest.path.startsWith('openapi/'))) {
          host.log.warn(
            { entity: entity.name },
            `Entity ${entity.name}: REST path '${entity.rest.path}' is shadowed by the OpenAPI document at ${prefix}; give it another rest.path.`,
          )
        }
      }
      host.route({ method: 'GET', url: '/', handler: () => json(documents.base) })
      // Role paths are routed here even in production, so they get a 404 of ours rather than REST's entity lookup.
      host.route({
        method: 'GET',
        url: '/*',
        handler: (request: HttpRequest) => {
          const role = decodeRole(request.path.slice(prefix.length + 1))
          if (!development || role === undefined) throw notFound(request)
          const document = documents.forRole(role)
          if (document === undefined)
            throw new SluiceError('SLUICE_ERR_OPENAPI_ROLE_NOT_FOUND', { role: role.slice(0, 100) })
          return json(document)
        },
      })
    },
    encodeError: encodeOpenApiError,
  }
}

/** Where the documents live: `openapi` below the REST path (`/api/openapi`). */
export function openapiPath(restPath: string): string {
  return `${restPath}/openapi`
}

function json(body: string): HttpResponse {
  return { status: 200, headers: JSON_TYPE, body }
}

/** One percent-decoded segment; `undefined` for nested paths, empty or malformed names. */
function decodeRole(segment: string): string | undefined {
  const trimmed = segment.endsWith('/') ? segment.slice(0, -1) : segment
  if (trimmed === '' || trimmed.includes('/')) return undefined
  try {
    return decodeURIComponent(trimmed)
  } catch {
    return undefined
  }
}

function notFound(request: HttpRequest): SluiceError {
  return new SluiceError('SLUICE_ERR_ROUTE_NOT_FOUND', { method: request.method, path: request.path })
}
