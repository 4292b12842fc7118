import type { Delivery, SubscribeRequest, SubscriptionHub } from '@sluice/core/protocol'
import { parseRecords } from '../resolve/parse-records.js'
import type { GraphQLContext } from '../resolve/graphql-context.js'

/**
 * The source stream of a subscription field: each delivery as the payload graphql-js resolves the selection set on
 * (`record` parsed as a query's records are), and — when the server ends the subscription — the error as one last
 * value, which the field's resolver raises. Refusals (the read's own errors) reject before the stream starts.
 *
 * An iterator object rather than an async generator: a generator waiting for the next change would take a
 * `return()` (the client stopped, the socket closed) only after that change arrived, holding the subscription.
 */
export async function followChanges(
  hub: SubscriptionHub,
  ask: SubscribeRequest,
  context: GraphQLContext,
): Promise<AsyncIterableIterator<unknown>> {
  const subscription = await hub.subscribe(ask)
  const deliveries = subscription[Symbol.asyncIterator]()
  let ended = false
  const end = (): IteratorResult<unknown> => {
    ended = true
    subscription.close()
    return { done: true, value: undefined }
  }
  const payload = ({ event, record }: Delivery) => ({
    eventId: event.eventId,
    utcDateTime: event.utcDateTime,
    actorRole: event.actorRole,
    record: parseRecords(`[${record}]`, context)[0],
  })
  const iterator: AsyncIterableIterator<unknown> = {
    [Symbol.asyncIterator]: () => iterator,
    async next() {
      if (ended) return { done: true, value: undefined }
      try {
        const next = await deliveries.next()
        return next.done === true ? end() : { done: false, value: payload(next.value) }
      } catch (error) {
        // The server ended it (too slow, expired, shutting down): the reason is the last value.
        ended = true
        subscription.close()
        return { done: false, value: error }
      }
    },
    async return() {
      return end()
    },
  }
  return iterator
}
