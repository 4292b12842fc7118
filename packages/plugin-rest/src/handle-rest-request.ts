import { SluiceError, type HttpRequest, type HttpResponse, type ProtocolHost, type RequestContext } from '@sluice/core'
import { buildNextLink } from './build-next-link.js'
import { buildReadRequest } from './build-read-request.js'
import { parseKeySegments } from './parse-key-segments.js'
import { parseQueryString } from './parse-query-string.js'
import type { RestRouteTable } from './rest-route-table.js'
import { splitRestPath } from './split-rest-path.js'

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' } as const

/** Handles every request below the REST prefix: route to an entity, build the operation, run it, write the envelope. */
export function createRestHandler(host: ProtocolHost, routes: RestRouteTable, prefix: string) {
  const relativeLinks = host.config.runtime.pagination.nextLinkRelative
  return async (request: HttpRequest, context: RequestContext): Promise<HttpResponse> => {
    const below = request.path.slice(prefix.length)
    const segments = splitRestPath(below)
    const match = routes.match(segments)
    if (match === undefined) throw new SluiceError('SLUICE_ERR_ENTITY_NOT_FOUND', { path: segments.join('/') || '/' })
    const { entity } = match
    const key = parseKeySegments(segments.slice(match.used), below.endsWith('/'))
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new SluiceError('SLUICE_ERR_METHOD_NOT_ALLOWED', { method: request.method, entity: entity.name })
    }
    const operation = buildReadRequest(entity, key, parseQueryString(request.query))
    const result = await host.pipeline.run(operation, context)
    const nextLink = result.endCursor === null ? '' : `,"nextLink":${JSON.stringify(buildNextLink(request, result.endCursor, relativeLinks))}`
    return { status: 200, headers: JSON_TYPE, body: `{"value":${result.json}${nextLink}}` }
  }
}
