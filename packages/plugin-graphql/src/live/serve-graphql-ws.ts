import {
  getOperationAST,
  GraphQLError,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql'
import { makeServer } from 'graphql-ws'
import { SluiceError, type ProtocolHost, type RequestContext } from '@sluice/core/protocol'
import { formatError } from '../http/format-errors.js'
import type { GraphQLContext } from '../resolve/graphql-context.js'
import { depthLimitRule } from '../validation/depth-limit-rule.js'
import { noIntrospectionRule } from '../validation/no-introspection-rule.js'

/** What the socket route hands graphql-ws for each connection. */
interface ConnectionExtra {
  readonly context: RequestContext
  readonly connection: object
}

/** The WebSocket subprotocol of graphql-ws (`graphql-transport-ws`). */
export const GRAPHQL_TRANSPORT_WS = 'graphql-transport-ws'

/**
 * GraphQL subscriptions over WebSocket at the GraphQL path, with graphql-ws's protocol (`graphql-transport-ws`, what
 * graphql-ws, Apollo Client and urql speak). The caller is the one the upgrade request authenticates (its
 * `Authorization` or `X-MS-API-ROLE` headers), fixed for the connection. Only subscription operations are served
 * here — queries and mutations go over HTTP, where their statements are planned and bounded as a whole — and every
 * document passes the same validation as over HTTP (depth limit, introspection switch). Errors carry the same
 * `extensions` as HTTP's (`code`, `sluiceCode`, `status`).
 */
export function serveGraphQLWs(host: ProtocolHost, schema: GraphQLSchema): void {
  if (host.socket === undefined) return
  const graphql = host.config.runtime.graphql
  const rules: ValidationRule[] = [...specifiedRules]
  if (graphql.depthLimit !== null) rules.push(depthLimitRule(graphql.depthLimit))
  if (!graphql.allowIntrospection) rules.push(noIntrospectionRule)
  const mode = host.config.runtime.host.mode
  const format = (error: GraphQLError, context: RequestContext) =>
    formatError(error, {
      mode,
      log: host.log,
      requestId: context.requestId,
      fallbackCode: 'SLUICE_ERR_GRAPHQL_VALIDATION',
      authenticated: context.principal.authenticated,
    }) as unknown as GraphQLError
  const server = makeServer<Record<string, unknown> | undefined, ConnectionExtra>({
    schema,
    onSubscribe: (ctx, _id, payload) => {
      const { context, connection } = ctx.extra
      // Errors go back as GraphQLErrors (graphql-ws's contract); `onError` formats them as HTTP's are.
      let document: DocumentNode
      try {
        document = parse(payload.query)
      } catch (error) {
        return [error as GraphQLError]
      }
      const invalid = validate(schema, document, rules)
      if (invalid.length > 0) return invalid
      const operation = getOperationAST(document, payload.operationName)
      if (operation?.operation !== 'subscription') {
        const refused = new SluiceError('SLUICE_ERR_GRAPHQL_OPERATION', {
          detail: 'Only subscriptions are served over WebSocket; send queries and mutations over HTTP.',
        })
        return [new GraphQLError(refused.message, { originalError: refused })]
      }
      const contextValue: GraphQLContext = {
        request: context,
        rawVariables: payload.variables ?? {},
        state: { exactNumbers: false },
        outcomes: new Map(),
        connection,
      }
      return {
        schema,
        document,
        operationName: payload.operationName,
        variableValues: payload.variables,
        contextValue,
      }
    },
    onNext: (ctx, _id, _payload, _args, result) =>
      result.errors === undefined
        ? result
        : { ...result, errors: result.errors.map((e) => format(e, ctx.extra.context)) },
    onError: (ctx, _id, _payload, errors) =>
      errors.map((e) => (e instanceof GraphQLError ? format(e, ctx.extra.context) : e)),
  })
  host.socket({
    url: '/',
    protocols: [GRAPHQL_TRANSPORT_WS],
    handler: (socket, _request, context) => {
      const closed = server.opened(
        {
          protocol: socket.protocol,
          send: (data) => socket.send(data),
          close: (code, reason) => socket.close(code, reason),
          onMessage: (listener) =>
            socket.onMessage((data) => {
              listener(data).catch((error: unknown) => {
                host.log.error({ err: error }, 'a GraphQL WebSocket message failed')
                socket.close(4500, 'Internal server error')
              })
            }),
        },
        { context, connection: {} },
      )
      socket.onClose((code, reason) => void closed(code, reason))
    },
  })
}
