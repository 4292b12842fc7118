import type { ColumnRef, ParamRef, PredicateNode } from '@sluice/core/dialect'

/** The parameter a row predicate compares key column `key` with (`key = ?` among its top-level conjuncts). */
export function findKeyParameter(where: PredicateNode, key: ColumnRef): ParamRef | undefined {
  const items = where.kind === 'and' ? where.items : [where]
  for (const item of items) {
    if (
      item.kind === 'compare' &&
      item.op === 'eq' &&
      item.left.kind === 'column' &&
      sameColumn(item.left, key) &&
      item.right.kind === 'param'
    )
      return item.right
  }
  return undefined
}

function sameColumn(a: ColumnRef, b: ColumnRef): boolean {
  return a.table === b.table && a.column === b.column
}
