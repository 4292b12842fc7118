import type { RequestContext, RequestTerms } from '@sluice/core/protocol'
import type { RootOutcome } from './root-plan.js'

/**
 * What every resolver gets as graphql-js `contextValue`: the caller, the variables as the client sent them, and what
 * each root field's requests returned (they run before graphql-js executes the document).
 */
export interface GraphQLContext {
  readonly request: RequestContext
  /** Raw `variables` (graphql-js coerces input objects into field-definition order; `orderBy` needs the sent order). */
  readonly rawVariables: Readonly<Record<string, unknown>>
  /** Per-request state resolvers set: `exactNumbers` when a result held integers beyond 2^53 (written losslessly). */
  readonly state: { exactNumbers: boolean }
  /** By root response key. */
  readonly outcomes: ReadonlyMap<string, RootOutcome>
  /** The WebSocket a subscription arrived on (`runtime.subscriptions.max-per-connection` counts per connection). */
  readonly connection?: object | undefined
}

/** GraphQL's wording in core's messages: `Invalid field 'email' in selection`, `… in filter`. */
export const GRAPHQL_TERMS: RequestTerms = Object.freeze({
  select: 'selection',
  filter: 'filter',
  orderBy: 'orderBy',
  first: 'first',
  after: 'after',
  count: 'totalCount',
  expand: 'selection',
  body: 'item',
  key: 'primary key',
})
