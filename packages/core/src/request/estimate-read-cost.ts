import type { BoundRelation } from './bound-relation.js'
import type { ReadCostStatistics } from './model-statistics.js'
import type { ParsedRequest } from './parsed-request.js'

/**
 * The most rows a read can make the database build, before any SQL runs: the root rows, each with its nested rows.
 * Each level is the page size, capped by what the catalog's statistics say the data holds (`statistics`, read at
 * start-up and refreshed in the background; see `ModelStatistics`), and the page size alone where they say nothing:
 * - the root: 1 by key, else min(page size, the table's estimated rows);
 * - a `one` relationship: 1 per parent;
 * - a `many` relationship, per parent: min(page size + 1, the most target rows that share one value of the join) —
 *   the nested page plus the extra row read to learn whether another page exists, unless the data has fewer.
 *
 * Nesting multiplies: without statistics `books(first: 100) { authors(first: 10) { books(first: 10) } }` is
 * 100 × (1 + 11 × (1 + 11)) = 13,300; with 60 books of at most 3 authors each, and at most 4 books per author, it is
 * 60 × (1 + 3 × (1 + 4)) = 960. An aggregation counts its groups (at most the page size, and at most the rows);
 * procedures are bounded by the statement timeout instead (their row counts are the data's).
 */
export function estimateReadCost(request: ParsedRequest, statistics: ReadCostStatistics): number {
  switch (request.kind) {
    case 'read-key':
      return 1 + nestedCost(request.relations, statistics)
    case 'list':
      return (
        capped(request.pageSize, statistics.rowsOf(request.entity)) * (1 + nestedCost(request.relations, statistics))
      )
    case 'aggregate':
      return capped(request.pageSize, statistics.rowsOf(request.entity))
    default:
      return 0
  }
}

function nestedCost(relations: readonly BoundRelation[], statistics: ReadCostStatistics): number {
  let total = 0
  for (const r of relations) {
    const rows =
      r.relationship.cardinality === 'one' ? 1 : capped((r.pageSize ?? 1) + 1, statistics.fanOutOf(r.relationship))
    total += rows * (1 + nestedCost(r.relations, statistics))
  }
  return total
}

function capped(pageRows: number, dataRows: number | undefined): number {
  return dataRows === undefined || dataRows > pageRows ? pageRows : dataRows
}
