import type { BoundRelation } from './bound-relation.js'
import type { ParsedRequest } from './parsed-request.js'

/**
 * The most rows a read can make the database build, from page sizes alone, before any SQL runs: the root rows
 * (the page size, or 1 by key), each with its nested rows — 1 per parent for a `one` relationship, and for a `many`
 * relationship the nested page plus the extra row read to learn whether another page exists. Nesting multiplies:
 * `books(first: 100) { authors(first: 10) { books(first: 10) } }` is 100 × (1 + 11 × (1 + 11)) = 13,300.
 * An aggregation counts its groups (at most the page size); procedures are bounded by the statement timeout instead
 * (their row counts are the data's).
 */
export function estimateReadCost(request: ParsedRequest): number {
  if (request.operation !== 'read') return 0
  if (request.aggregate !== undefined) return request.pageSize ?? 1
  const rows = request.key !== undefined ? 1 : request.pageSize ?? 1
  return rows * (1 + nestedCost(request.relations))
}

function nestedCost(relations: readonly BoundRelation[]): number {
  let total = 0
  for (const r of relations) {
    const rows = r.relationship.cardinality === 'one' ? 1 : (r.pageSize ?? 1) + 1
    total += rows * (1 + nestedCost(r.relations))
  }
  return total
}
