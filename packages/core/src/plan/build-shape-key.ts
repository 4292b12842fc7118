import type { PredicateNode, ValueExpr } from './predicate-node.js'
import { structureId } from './plan-structure.js'
import type { AggregatePlan, CountPlan, NestedSelect, OrderTerm, OutputColumn, SelectPlan } from './select-plan.js'

/**
 * The parameter-free identity of a plan's SQL. Values live only in `parameters` (the tree holds their indexes), and
 * structural parts are shared objects (see plan-structure.ts), so a compact string of ids and operators identifies
 * the SQL: two plans with equal keys compile to equal SQL.
 */
export function buildShapeKey(plan: Omit<SelectPlan, 'shapeKey' | 'parameters'>): string {
  const p = plan
  const result =
    p.result.mode === 'single'
      ? 'one'
      : `${p.result.mode}${p.result.limit}/${p.result.fetch}:${p.result.cursorColumns.map(structureId).join(',')}${p.result.offset === undefined ? '' : `@${p.result.offset.index}`}`
  const base = `${p.kind}|${structureId(p.table)}|${columnsKey(p.columns)}|${p.where === undefined ? '' : predicateKey(p.where)}|${p.orderBy.map(orderKey).join(',')}|${result}`
  if (p.relations === undefined && p.aggregate === undefined && p.count === undefined) return base
  const marker = p.nestedCursors === undefined ? '' : `$${p.nestedCursors.marker.index}`
  return `${base}|rel[${(p.relations ?? []).map(nestedKey).join(';')}]${marker}|${p.aggregate === undefined ? '' : aggregateKey(p.aggregate)}${countKey(p.count)}`
}

/** A count and the predicate it counts by (empty when there is no count). */
function countKey(count: CountPlan | undefined): string {
  return count === undefined ? '' : `|count(${count.where === undefined ? '' : predicateKey(count.where)})`
}

/** A nested selection: its response key (quoted, as it is free text), structure and page. */
function nestedKey(n: NestedSelect): string {
  const page =
    n.page === undefined
      ? 'one'
      : `page${n.page.limit}/${n.page.fetch}:${n.page.cursorColumns.map(structureId).join(',')}#${n.page.cursor}${n.page.pageInfo === false ? '-' : ''}${n.page.arrayWhenComplete === true ? '[' : ''}`
  return (
    `${JSON.stringify(n.name)}${n.cardinality}${structureId(n.table)}${n.linking === undefined ? '' : `+${structureId(n.linking)}`}` +
    `(${predicateKey(n.join)})${columnsKey(n.columns)}(${n.where === undefined ? '' : predicateKey(n.where)})` +
    `${n.orderBy.map(orderKey).join(',')}${page}[${n.relations.map(nestedKey).join(';')}]${countKey(n.count)}`
  )
}

function aggregateKey(a: AggregatePlan): string {
  const items = a.aggregations.map(
    (x) =>
      `${JSON.stringify(x.name)}${x.function}${x.distinct ? 'd' : ''}${structureId(x.column)}` +
      `(${x.having.map((h) => `${h.op}${h.values.map((v) => v.index).join(',')}`).join('&')})`,
  )
  // The order's columns are the grouping statement's own (`g0`, `a1`), made per request: keyed by name.
  const order = a.order.map((t) => `${t.column.column}${t.direction === 'asc' ? 'a' : 'd'}`).join(',')
  const page = `${a.limit}${a.offset === undefined ? '' : `+${a.offset.index}`}:${order}`
  return `agg(${a.groupBy.map(structureId).join(',')}|${items.join(';')}|${page})`
}

export function columnsKey(columns: readonly OutputColumn[]): string {
  // A reused list has one id; a per-request list ($select) is the ids of its shared column objects.
  return Object.isFrozen(columns) ? `#${structureId(columns)}` : columns.map(structureId).join(',')
}

function orderKey(term: OrderTerm): string {
  return `${structureId(term.column)}${term.direction === 'asc' ? 'a' : 'd'}${term.nullable ? 'n' : ''}`
}

function valueKey(expr: ValueExpr): string {
  switch (expr.kind) {
    case 'column':
      return `c${structureId(expr)}`
    case 'param':
      return `$${expr.index}`
    case 'caseFold':
      return `${expr.fold === 'lower' ? 'L' : 'U'}(${valueKey(expr.operand)})`
  }
}

export function predicateKey(node: PredicateNode): string {
  switch (node.kind) {
    case 'compare':
      return `(${valueKey(node.left)}${node.op}${valueKey(node.right)})`
    case 'isNull':
      return `(${valueKey(node.operand)}${node.negated ? '!' : ''}null)`
    case 'like':
      return `(${valueKey(node.operand)}${node.negated ? '!' : ''}like${valueKey(node.pattern)})`
    case 'in':
      return `(${valueKey(node.operand)}in${node.values.map(valueKey).join(',')})`
    case 'and':
    case 'or':
      return `${node.kind}(${node.items.map(predicateKey).join(',')})`
    case 'not':
      return `not${predicateKey(node.item)}`
    case 'constant':
      return node.value ? 'true' : 'false'
    case 'exists':
      return `exists[${node.from.map((t) => `${structureId(t)}`).join(',')}](${predicateKey(node.where)})`
  }
}
