/**
 * How a protocol names the parts of a request in error messages: REST says `$select`, GraphQL says `selection`,
 * MCP says `fields`. Core builds messages from these, so one check gives each protocol its own wording.
 */
export interface RequestTerms {
  readonly select: string
  readonly filter: string
  readonly orderBy: string
  readonly first: string
  readonly after: string
  /** Asking for the number of matching records (REST `$count`). */
  readonly count: string
  /** Naming related records to nest (REST `$expand`; GraphQL selects them like fields). */
  readonly expand: string
  readonly body: string
  readonly key: string
}

/** REST's wording (SPEC §Errors messages use it), also the default for protocols that supply none. */
export const REST_TERMS: RequestTerms = Object.freeze({
  select: '$select',
  filter: '$filter',
  orderBy: '$orderby',
  first: '$first',
  after: '$after',
  count: '$count',
  expand: '$expand',
  body: 'request body',
  key: 'primary key',
})
