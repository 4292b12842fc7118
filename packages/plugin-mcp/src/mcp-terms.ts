import type { RequestTerms } from '@sluice/core/protocol'

/** How core words MCP requests in error messages: the tools' own argument names. */
export const MCP_TERMS: RequestTerms = Object.freeze({
  select: 'select',
  filter: 'filter',
  orderBy: 'orderby',
  first: 'first',
  after: 'after',
  count: 'count',
  expand: 'expand',
  body: 'data',
  key: 'keys',
})

/** update_record names the values to write `fields`. */
export const MCP_UPDATE_TERMS: RequestTerms = Object.freeze({ ...MCP_TERMS, body: 'fields' })
