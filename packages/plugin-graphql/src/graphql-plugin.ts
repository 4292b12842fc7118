import type { ProtocolPlugin } from '@sluice/core/protocol'
import { buildDefaultQuery } from './graphiql/build-default-query.js'
import { GraphiQLPage } from './graphiql/graphiql-page.js'
import { encodeGraphQLError } from './http/encode-graphql-error.js'
import { createGraphQLHandler } from './http/handle-graphql-request.js'
import { buildGraphQLSchema } from './schema/build-schema.js'
import { serveGraphQLWs } from './live/serve-graphql-ws.js'

/**
 * GraphQL at `runtime.graphql.path` (default `/graphql`) when `runtime.graphql.enabled`: a schema generated at
 * start-up from the service model with Data API builder's names, executed through core's pipeline. POST for every
 * operation, GET for queries; in development mode GET without `query` serves GraphiQL.
 */
export interface GraphQLPluginOptions {
  /**
   * Write the answers of queries that only read records (lists, by key, relationships) straight from the JSON the
   * database built, without graphql-js execution; other operations, and every error, are written by graphql-js from
   * the same results. Default: true.
   */
  readonly fastReads?: boolean
}

export function graphqlPlugin(options: GraphQLPluginOptions = {}): ProtocolPlugin {
  return {
    kind: 'protocol',
    protocol: 'graphql',
    name: '@sluice/plugin-graphql',
    core: '^0.1.0',
    prefix: (config) => (config.runtime.graphql.enabled ? config.runtime.graphql.path : undefined),
    mount(host) {
      // Subscriptions need a host that holds WebSockets, and some entity that publishes its changes.
      const live = host.socket === undefined ? undefined : host.live
      const schema = buildGraphQLSchema(host.model, live)
      const development = host.config.runtime.host.mode === 'development'
      const graphiql = development
        ? new GraphiQLPage(host.config.runtime.graphql.path, buildDefaultQuery(schema, host.model))
        : undefined
      const handler = createGraphQLHandler(host, schema, {
        page: graphiql === undefined ? undefined : (request) => graphiql.page(request),
        fastReads: options.fastReads ?? true,
      })
      host.route({ method: ['GET', 'POST'], url: '/', handler })
      if (live !== undefined) serveGraphQLWs(host, schema)
      if (graphiql !== undefined)
        host.route({ method: 'GET', url: '/graphiql/*', handler: (request) => graphiql.asset(request) })
    },
    encodeError: encodeGraphQLError,
  }
}
