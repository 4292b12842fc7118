import type { ChangeKind } from '../config/runtime-config.js'

/**
 * One committed change to one row of an entity that publishes its changes (`graphql.subscription.enabled`), as
 * live data carries it between the write and its subscribers, in this process or, through a shared feed, others.
 * The payload fields follow Data API builder's subscription payload (`eventId`, `utcDateTime`, `actorRole`).
 */
export interface ChangeEvent {
  /** Unique per change (a random UUID). */
  readonly eventId: string
  readonly entity: string
  readonly kind: ChangeKind
  /** When the change was published, ISO 8601 in UTC. */
  readonly utcDateTime: string
  /** The role of the request that made the change. */
  readonly actorRole: string
  /**
   * JSON object text of every field of the row (API names): as written for `created` and `updated`, as it was for
   * `deleted`. Never sent as it is: each subscriber receives what its own read of this row shows.
   */
  readonly image: string
}
