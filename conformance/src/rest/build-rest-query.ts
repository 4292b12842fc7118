import type { FilterNode } from '@sluice/core'
import { printFilterExpression } from '@sluice/core/protocol'
import type { OrderByTerm } from '../oracle/sort-rows.js'

/** The query options of a collection GET, as the suite builds them. */
export interface RestQuery {
  readonly filter?: FilterNode
  readonly orderBy?: readonly OrderByTerm[]
  readonly select?: readonly string[]
  readonly first?: number
  readonly after?: string
}

/** `/api/<entity>?$filter=…&$orderby=…&$select=…&$first=…&$after=…`, each value percent-encoded; empty parts omitted. */
export function buildRestQuery(entity: string, query: RestQuery = {}): string {
  const parts: string[] = []
  const add = (name: string, value: string | undefined): void => {
    if (value !== undefined && value !== '') parts.push(`${name}=${encodeURIComponent(value)}`)
  }
  add('$filter', query.filter === undefined ? undefined : printFilterExpression(query.filter, { mode: 'filter' }))
  add(
    '$orderby',
    query.orderBy?.map((t) => (t.direction === undefined ? t.field : `${t.field} ${t.direction}`)).join(','),
  )
  add('$select', query.select?.join(','))
  add('$first', query.first === undefined ? undefined : String(query.first))
  add('$after', query.after)
  const path = `/api/${encodeURIComponent(entity)}`
  return parts.length === 0 ? path : `${path}?${parts.join('&')}`
}
