import type { ChangeKind, RuntimeConfig } from '../config/runtime-config.js'
import { isSluiceError, SluiceError } from '../errors/sluice-error.js'
import type { ServiceModel } from '../model/service-model.js'
import type { Pipeline } from '../pipeline/pipeline.js'
import type { Logger } from '../request/logger.js'
import type { OperationRequest } from '../request/operation-request.js'
import type { RequestContext } from '../request/request-context.js'
import type { ChangeEvent } from './change-event.js'
import type { ChangeFeed } from './change-feed.js'
import { SubscriberQueue } from './subscriber-queue.js'
import { SubscriptionGroup, type Delivery, type Member } from './subscription-group.js'

export type { Delivery } from './subscription-group.js'

/** What a protocol asks to follow: a list read of one entity (filter, selection, relations) by one caller. */
export interface SubscribeRequest {
  /** Operation `read` without a key; paging and ordering do not apply. */
  readonly request: OperationRequest
  readonly context: RequestContext
  /** The kinds of change to hear of; by default every kind the entity publishes. */
  readonly kinds?: readonly ChangeKind[] | undefined
  /** The connection (a WebSocket, an SSE stream) it belongs to, for `runtime.subscriptions.max-per-connection`. */
  readonly connection: object
}

/** A live subscription: iterate it for its deliveries; it ends with an error when the server closes it. */
export interface Subscription extends AsyncIterable<Delivery> {
  readonly entity: string
  close(): void
}

export interface SubscriptionHubParts {
  readonly config: RuntimeConfig
  readonly model: ServiceModel
  readonly pipeline: Pipeline
  readonly feed: ChangeFeed
  /** The entities that publish their changes (`graphql.subscription` on a dialect with `rowImages`). */
  readonly publishing: ReadonlySet<string>
  readonly log: Logger
}

/**
 * Live data's core: holds every subscription of this process, grouped by the read they are (see
 * `SubscriptionGroup`), hears committed changes from the feed, and delivers each to the subscribers whose own read
 * of the row — right after the change, or right before it for a delete — returns it, with exactly that read's fields.
 * Authorization is the read path's: a subscription is admitted by the same stages as a read (a role without read
 * permission is refused as its read would be), and each delivery is that read, evaluated over the changed rows.
 * Changes are evaluated one batch at a time per entity, in commit order; a group whose read fails ends its own
 * subscribers only.
 */
export class SubscriptionHub {
  readonly #groups = new Map<string, Map<string, SubscriptionGroup>>()
  readonly #chains = new Map<string, Promise<void>>()
  readonly #perConnection = new WeakMap<object, number>()
  #count = 0
  #closed: SluiceError | undefined
  readonly #stopListening: () => void

  constructor(private readonly parts: SubscriptionHubParts) {
    this.#stopListening = parts.feed.listen((events) => this.#hear(events))
  }

  /** Whether an entity publishes its changes (and so can be subscribed to). */
  publishes(entity: string): boolean {
    return this.parts.publishing.has(entity)
  }

  /** How many subscriptions this process holds. */
  get size(): number {
    return this.#count
  }

  /** Admits a subscription (throws the `SluiceError` its read would give) and starts delivering to it. */
  async subscribe(ask: SubscribeRequest): Promise<Subscription> {
    if (this.#closed !== undefined) throw this.#closed
    const { config, model, pipeline } = this.parts
    const entity = model.entities.get(ask.request.entity)
    if (entity === undefined || !this.parts.publishing.has(entity.name))
      throw new SluiceError('SLUICE_ERR_SUBSCRIPTION_NOT_ENABLED', { entity: ask.request.entity })
    const limits = config.runtime.subscriptions
    const held = this.#perConnection.get(ask.connection) ?? 0
    if (held >= limits.maxPerConnection)
      throw new SluiceError('SLUICE_ERR_SUBSCRIPTION_LIMIT', {
        limit: limits.maxPerConnection,
        scope: 'per connection',
      })
    if (this.#count >= limits.maxPerProcess)
      throw new SluiceError('SLUICE_ERR_SUBSCRIPTION_LIMIT', { limit: limits.maxPerProcess, scope: 'per process' })
    const context = liveContext(ask.context, entity.name)
    // Admitted as its read would be: parse, authorize, field-filter and plan, or the read's own error.
    const prepared = await pipeline.prepare({ ...ask.request, first: 1 }, context)
    if (prepared.kind !== 'planned' || prepared.plan.kind !== 'select' || prepared.plan.result.mode === 'single')
      throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', { name: 'a subscription follows a list read' })
    const published = new Set(entity.graphql.subscription.events)
    const kinds = new Set((ask.kinds ?? [...published]).filter((k) => published.has(k)))
    const group = this.#group(entity.name, ask.request, context)
    const queue = new SubscriberQueue<Delivery>(limits.queueSize)
    let expiry: NodeJS.Timeout | undefined
    const leave = (): void => {
      if (!group.members.delete(member)) return
      clearTimeout(expiry)
      this.#count--
      this.#perConnection.set(ask.connection, (this.#perConnection.get(ask.connection) ?? 1) - 1)
      if (group.members.size === 0) this.#groups.get(entity.name)?.delete(this.#groupKey(ask.request, context))
    }
    const member: Member = {
      kinds,
      queue,
      fail: (error) => {
        leave()
        queue.close(
          error === 'full'
            ? new SluiceError('SLUICE_ERR_SUBSCRIBER_TOO_SLOW', { limit: limits.queueSize })
            : failure(error, entity.name),
        )
      },
    }
    group.members.add(member)
    this.#count++
    this.#perConnection.set(ask.connection, held + 1)
    const expiresAt = ask.context.principal.claims['exp']
    if (typeof expiresAt === 'number') {
      // Authentication expiry ends the subscription (its token would no longer be accepted for a read).
      const ms = Math.max(0, expiresAt * 1000 - Date.now())
      expiry = setTimeout(
        () => member.fail(new SluiceError('SLUICE_ERR_SUBSCRIPTION_EXPIRED')),
        Math.min(ms, 2 ** 31 - 1),
      )
      expiry.unref()
    }
    return {
      entity: entity.name,
      close: () => {
        leave()
        queue.close()
      },
      [Symbol.asyncIterator]: () => queue[Symbol.asyncIterator](),
    }
  }

  /** Ends every subscription with a reason (shutdown, a reloaded configuration) and stops hearing changes. */
  close(reason: 'shutting down' | 'reloading its configuration'): void {
    this.#closed = new SluiceError('SLUICE_ERR_SUBSCRIPTIONS_CLOSED', { reason })
    this.#stopListening()
    for (const groups of this.#groups.values())
      for (const group of groups.values()) for (const member of [...group.members]) member.fail(this.#closed)
    this.#groups.clear()
  }

  #group(entity: string, request: OperationRequest, context: RequestContext): SubscriptionGroup {
    let groups = this.#groups.get(entity)
    if (groups === undefined) this.#groups.set(entity, (groups = new Map()))
    const key = this.#groupKey(request, context)
    let group = groups.get(key)
    if (group === undefined) {
      const model = this.parts.model.entities.get(entity)!
      groups.set(key, (group = new SubscriptionGroup(model, request, context, this.parts.pipeline)))
    }
    return group
  }

  /** Subscribers with the same read: request, role and claims (row policies read claims). */
  #groupKey(request: OperationRequest, context: RequestContext): string {
    const { select, filter, relations } = request
    const read = [context.role, sortedClaims(context.principal.claims), select, filter, relations]
    return JSON.stringify(read, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
  }

  #hear(events: readonly ChangeEvent[]): void {
    const byEntity = new Map<string, ChangeEvent[]>()
    for (const event of events) {
      if (!this.#groups.has(event.entity)) continue
      let list = byEntity.get(event.entity)
      if (list === undefined) byEntity.set(event.entity, (list = []))
      list.push(event)
    }
    for (const [entity, list] of byEntity) {
      // One batch at a time per entity: deliveries keep commit order.
      const previous = this.#chains.get(entity) ?? Promise.resolve()
      const next = previous.then(() => this.#deliver(entity, list))
      this.#chains.set(entity, next)
      void next.then(() => {
        if (this.#chains.get(entity) === next) this.#chains.delete(entity)
      })
    }
  }

  async #deliver(entity: string, events: readonly ChangeEvent[]): Promise<void> {
    const groups = [...(this.#groups.get(entity)?.values() ?? [])]
    await Promise.all(
      groups.map(async (group) => {
        try {
          await group.deliver(events)
        } catch (error) {
          // This group's read failed (a policy its claims cannot satisfy any more, the database): its subscribers
          // end with the reason; every other group goes on.
          this.parts.log.warn({ err: error, entity }, 'a subscription group failed and was closed')
          for (const member of [...group.members]) member.fail(error)
        }
      }),
    )
  }
}

/**
 * The context a group's reads run with: the subscriber's principal and role, none of its request's lifetime (its
 * abort signal, budget or cache directives): a group outlives the request that opened it, and is never cached.
 */
function liveContext(context: RequestContext, entity: string): RequestContext {
  return {
    requestId: `live:${entity}:${context.requestId}`,
    principal: context.principal,
    role: context.role,
    mode: context.mode,
    log: context.log,
    signal: undefined,
    cacheControl: 'no-cache, no-store',
  }
}

function sortedClaims(claims: Readonly<Record<string, unknown>>): [string, unknown][] {
  return Object.entries(claims).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

function failure(error: unknown, entity: string): SluiceError {
  if (isSluiceError(error) && error.code.startsWith('SLUICE_ERR_SUBSCRI')) return error
  const code = isSluiceError(error) ? error.code : 'SLUICE_ERR_INTERNAL'
  const detail = isSluiceError(error) && error.status < 500 ? error.message : ''
  return new SluiceError('SLUICE_ERR_SUBSCRIPTION_FAILED', { entity, code, detail }, { cause: error })
}
