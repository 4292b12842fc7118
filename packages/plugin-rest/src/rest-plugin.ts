import type { ProtocolPlugin } from '@sluice/core/protocol'
import { encodeRestError } from './encode-rest-error.js'
import { createRestHandler } from './handle-rest-request.js'
import { RestRouteTable } from './rest-route-table.js'

/**
 * REST at `runtime.rest.path` (default `/api`): `/{entity path}` and `/{entity path}/{key}/{value}…`, with
 * `$select`, `$filter`, `$orderby`, `$first` and `$after`, answered in Data API builder's envelopes.
 */
export function restPlugin(): ProtocolPlugin {
  return {
    kind: 'protocol',
    protocol: 'rest',
    name: '@sluice/plugin-rest',
    core: '^0.1.0',
    prefix: (config) => (config.runtime.rest.enabled ? config.runtime.rest.path : undefined),
    mount(host) {
      const prefix = host.config.runtime.rest.path
      const handler = createRestHandler(host, new RestRouteTable(host.model), prefix)
      const method = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
      host.route({ method, url: '/', handler, streamsReads: true })
      host.route({ method, url: '/*', handler, streamsReads: true })
    },
    encodeError: encodeRestError,
  }
}
