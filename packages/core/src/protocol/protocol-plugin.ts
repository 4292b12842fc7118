import type { RuntimeConfig } from '../config/runtime-config.js'
import type { SluiceError } from '../errors/sluice-error.js'
import type { ServiceModel } from '../model/service-model.js'
import type { Pipeline } from '../pipeline/pipeline.js'
import type { SubscriptionHub } from '../live/subscription-hub.js'
import type { Logger } from '../request/logger.js'
import type { RequestContext } from '../request/request-context.js'
import type { SluicePlugin } from '../plugin/sluice-plugin.js'
import type { HttpMethod, HttpRequest, HttpResponse } from './http.js'

/**
 * A protocol (REST, GraphQL, MCP, or a third party's): it turns its wire format into `OperationRequest`s for the
 * pipeline and results or errors back into its wire format. It never sees SQL.
 */
export interface ProtocolPlugin extends SluicePlugin {
  readonly kind: 'protocol'
  readonly protocol: string
  /** The path prefix its routes live under (`/api`), or `undefined` when the protocol is disabled by config. */
  prefix(config: RuntimeConfig): string | undefined
  mount(host: ProtocolHost): void | Promise<void>
  /** This protocol's error envelope, used for every failure inside its prefix (including 404s and bad bodies). */
  encodeError(error: SluiceError, context: ErrorContext): HttpResponse
}

export interface ErrorContext {
  readonly mode: RuntimeConfig['runtime']['host']['mode']
  readonly request: HttpRequest
}

/** What a protocol gets to build its routes with. Routes are relative to its prefix and fixed before listen. */
export interface ProtocolHost {
  readonly model: ServiceModel
  readonly config: RuntimeConfig
  readonly pipeline: Pipeline
  readonly log: Logger
  /**
   * Live data: subscriptions to the changes of entities that publish them, authorized as reads. Undefined when no
   * entity publishes its changes (`graphql.subscription`).
   */
  readonly live?: SubscriptionHub | undefined
  route(definition: RouteDefinition): void
  /**
   * Accepts WebSocket connections on a path (an upgrade of a GET there; an HTTP route may share the path). Absent when
   * the host cannot hold sockets; a protocol then offers what it can over HTTP alone.
   */
  readonly socket?: ((definition: SocketRouteDefinition) => void) | undefined
}

/** A WebSocket endpoint of a protocol (GraphQL's `graphql-transport-ws`). */
export interface SocketRouteDefinition {
  /** Relative to the protocol prefix, as `RouteDefinition.url`. */
  readonly url: string
  /** The subprotocols it speaks (`Sec-WebSocket-Protocol`); a client offering none of them is refused. */
  readonly protocols: readonly string[]
  /**
   * Called once per connection, after the upgrade, with the upgrade request and a context whose principal the server
   * resolved from its headers (a connection whose authentication fails is closed with 4401 before this runs).
   */
  handler(socket: ProtocolSocket, request: HttpRequest, context: RequestContext): void
}

/** One open WebSocket, free of the server's socket library. Messages are text. */
export interface ProtocolSocket {
  /** The subprotocol agreed on. */
  readonly protocol: string
  send(data: string): Promise<void>
  close(code?: number, reason?: string): void
  onMessage(listener: (data: string) => void): void
  onClose(listener: (code: number, reason: string) => void): void
}

export interface RouteDefinition {
  readonly method: HttpMethod | readonly HttpMethod[]
  /** Relative to the protocol prefix: `/` or `/openapi`, or `/*` for everything below the prefix. */
  readonly url: string
  /**
   * Called with the request and a context whose principal and role the server has already resolved (an
   * authentication failure never reaches the handler; it is encoded with `encodeError`).
   */
  handler(request: HttpRequest, context: RequestContext): HttpResponse | Promise<HttpResponse>
  /**
   * The handler can send a `ReadResult` whose records arrive as a stream (`ReadResult.stream`), e.g. by writing them
   * into an async-iterable body. Large pages then stream from the database where the dialect can.
   */
  readonly streamsReads?: boolean
}
