import type { EntityModel } from '../model/service-model.js'
import type { ScopedRequest } from '../request/parsed-request.js'
import { andAll, buildPredicate } from './build-predicate.js'
import { buildKeysetPredicate } from './build-keyset-predicate.js'
import { buildShapeKey } from './build-shape-key.js'
import { buildAggregatePlan } from './build-aggregate-plan.js'
import { buildNestedSelects, type NestedSelects } from './build-nested-select.js'
import { ParameterList, valueParameters } from './parameter-list.js'
import type { PlanParameter } from './plan-parameter.js'
import { END_OF_LIST, PlanShapeCache, step, type ShapeNode } from './plan-shape-cache.js'
import { columnOf, outputColumnOf, outputColumnsOf, tableOf } from './plan-structure.js'
import type { ColumnRef, PredicateNode } from './predicate-node.js'
import type {
  AggregatePlan,
  CountPlan,
  OrderTerm,
  OutputColumn,
  PageResult,
  SelectPlan,
  SingleResult,
  StreamResult,
  TableRef,
} from './select-plan.js'

const T = 't'

/**
 * Pages of at least this many records stream (when the caller's protocol and the dialect can): below it, one JSON text
 * built by the database is cheaper; above it, the first bytes leave long before the last row is read and memory stays
 * flat (decisions.md, "Large pages stream").
 */
export const STREAM_MIN_ROWS = 1000

/**
 * The read plan for a scoped request: a page of the collection, or the row with the given key. `stream`: the page
 * may be streamed (the protocol and the dialect can) — it is, when it has at least `STREAM_MIN_ROWS` records.
 */
export function buildSelectPlan(request: ScopedRequest, stream = false): SelectPlan {
  // A first page without filter or policy has no parameters at all: its whole plan is kept, per streamability.
  const firstPages = isPlainFirstPage(request) ? firstPageShapes[stream ? 1 : 0]! : undefined
  if (firstPages !== undefined) {
    const kept = firstPages.get(request)
    if (kept !== undefined) return kept
    const plan = buildFreshSelectPlan(request, stream, false)
    firstPages.set(request, plan)
    return plan
  }
  const keep = isPlainKeyRead(request)
  if (keep) {
    const shape = keyReadShapes.get(request)
    // Written out, members in createSelectPlan's order (one object shape; a spread would take V8's slow path).
    if (shape !== undefined) {
      return {
        kind: 'select',
        shapeKey: shape.shapeKey,
        dataSource: shape.dataSource,
        entity: shape.entity,
        table: shape.table,
        columns: shape.columns,
        where: shape.where,
        orderBy: NO_ORDER,
        result: SINGLE,
        parameters: valueParameters(request.key),
      }
    }
  }
  return buildFreshSelectPlan(request, stream, keep)
}

/** The plan built from the request; `keep`: a plain key read, whose shape is kept for the next one. */
function buildFreshSelectPlan(request: ScopedRequest, stream: boolean, keep: boolean): SelectPlan {
  const { entity } = request
  const params = new ParameterList()
  const columns =
    request.select === undefined ? outputColumnsOf(T, request.fields) : request.fields.map((f) => outputColumnOf(T, f))
  const table = tableOf(entity, T)
  // The caller's filter and the row policy both restrict rows; the policy is not optional.
  const filter = request.filter === undefined ? undefined : buildPredicate(request.filter, T, params)
  const policy = request.policy === undefined ? undefined : buildPredicate(request.policy, T, params)
  if (request.aggregate !== undefined) {
    // Groups of the rows the filter and policy admit, at most a page of them; `orderBy` and `after` do not apply.
    const aggregate = buildAggregatePlan(request.aggregate, T, params, request.pageSize ?? 1)
    return createSelectPlan(
      entity,
      { table, columns: NO_COLUMNS, where: andAll([policy, filter]), orderBy: NO_ORDER, result: SINGLE, aggregate },
      params,
    )
  }
  const nested = request.relations.length === 0 ? undefined : buildNestedSelects(request.relations, entity, T, params)

  if (request.key !== undefined) {
    const key: PredicateNode[] = request.key.map(({ field, value }) => ({
      kind: 'compare',
      left: columnOf(T, field),
      op: 'eq',
      right: params.add(value, field.type),
    }))
    const plan = createSelectPlan(
      entity,
      { table, columns, where: andAll([policy, ...key]), orderBy: NO_ORDER, result: SINGLE, nested },
      params,
    )
    if (keep) {
      keyReadShapes.set(request, {
        kind: 'select',
        shapeKey: plan.shapeKey,
        dataSource: plan.dataSource,
        entity,
        table,
        columns,
        where: plan.where,
        orderBy: NO_ORDER,
        result: SINGLE,
        parameters: NO_PARAMETERS,
      })
    }
    return plan
  }

  const orderBy: OrderTerm[] = request.orderBy.map(({ field, direction }) => ({
    column: columnOf(T, field),
    direction,
    // Key columns never hold NULL, whatever a view's metadata says; knowing that keeps indexes usable.
    nullable: field.nullable && !field.primaryKey,
  }))
  // Without key fields (a keyless view) pages go by position: OFFSET, and core computes the next cursor.
  const byPosition = entity.keyFields.length === 0
  const keyset =
    request.after === undefined || byPosition
      ? undefined
      : buildKeysetPredicate(
          orderBy,
          request.orderBy.map((t) => t.field.type),
          request.after,
          params,
        )
  const offset = request.after !== undefined && byPosition ? params.add(Number(request.after[0]), 'int') : undefined
  const pageSize = request.pageSize ?? 1
  const cursorColumns = byPosition ? NO_CURSOR_COLUMNS : orderBy.map((t) => t.column)
  // A streamed page carries its count in every row, so an empty one has none: after a cursor (the only way a
  // large page of matching rows can come back empty) a counted page is built as one text instead. Nested
  // relationships stream too: each record carries its own (the shape stage signs their cursors record by record).
  const streams = stream && pageSize >= STREAM_MIN_ROWS && !(request.count && request.after !== undefined)
  const mode = streams ? 'stream' : 'page'
  // One row more tells whether another page exists; a caller that reads no paging value is spared it.
  const fetch = request.pageInfo === false ? pageSize : pageSize + 1
  const result: PageResult | StreamResult =
    offset === undefined
      ? { mode, limit: pageSize, fetch, cursorColumns }
      : { mode, limit: pageSize, fetch, cursorColumns, offset }
  const count: CountPlan | undefined = request.count ? { where: andAll([policy, filter]) } : undefined
  return createSelectPlan(
    entity,
    { table, columns, where: andAll([policy, filter, keyset]), orderBy, result, nested, count },
    params,
  )
}

const SINGLE: SingleResult = Object.freeze({ mode: 'single' })
const NO_PARAMETERS: readonly PlanParameter[] = Object.freeze([])
const NO_ORDER: readonly OrderTerm[] = Object.freeze([])

/** First pages with neither filter, row policy, nested relations nor aggregation: no parameters, one plan per shape. */
const firstPageShapes = [
  new PlanShapeCache<SelectPlan>(firstPageShapePath),
  new PlanShapeCache<SelectPlan>(firstPageShapePath),
]

function isPlainFirstPage(request: ScopedRequest): boolean {
  return (
    request.key === undefined &&
    request.after === undefined &&
    request.filter === undefined &&
    request.policy === undefined &&
    request.aggregate === undefined &&
    request.relations.length === 0
  )
}

/** A plain first page's shape: its output fields, its ordering (field and direction per term), page size and options. */
function firstPageShapePath<T>(root: ShapeNode<T>, request: ScopedRequest, create: boolean): ShapeNode<T> | undefined {
  let node = outputFieldsPath(root, request, create)
  const { orderBy } = request
  for (let i = 0; i < orderBy.length && node !== undefined; i++) {
    node = step(node, orderBy[i]!.field, create)
    if (node !== undefined) node = step(node, orderBy[i]!.direction, create)
  }
  if (node !== undefined) node = step(node, END_OF_LIST, create)
  if (node !== undefined) node = step(node, request.pageSize, create)
  if (node !== undefined) node = step(node, request.pageInfo, create)
  if (node !== undefined) node = step(node, request.count, create)
  return node
}

/** The output fields: the permission's reused list as one step, or each `$select` field, then the list's end. */
function outputFieldsPath<T>(root: ShapeNode<T>, request: ScopedRequest, create: boolean): ShapeNode<T> | undefined {
  let node: ShapeNode<T> | undefined = root
  if (request.select === undefined) node = step(root, request.fields, create)
  else
    for (let i = 0; i < request.fields.length && node !== undefined; i++) node = step(node, request.fields[i], create)
  return node === undefined ? undefined : step(node, END_OF_LIST, create)
}

/**
 * Reads by key with neither filter, row policy, nested relations nor aggregation: the common read, whose only
 * parameters are the key's values. Their plans keep their shape (see PlanShapeCache).
 */
const keyReadShapes = new PlanShapeCache<SelectPlan>(keyReadShapePath)

function isPlainKeyRead(request: ScopedRequest): boolean {
  return (
    request.key !== undefined &&
    request.filter === undefined &&
    request.policy === undefined &&
    request.aggregate === undefined &&
    request.relations.length === 0
  )
}

/** A plain key read's shape: its output fields (the permission's list, or each `$select` field), then its key fields. */
function keyReadShapePath<T>(root: ShapeNode<T>, request: ScopedRequest, create: boolean): ShapeNode<T> | undefined {
  let node = outputFieldsPath(root, request, create)
  const key = request.key!
  for (let i = 0; i < key.length && node !== undefined; i++) node = step(node, key[i]!.field, create)
  return node
}

const NO_CURSOR_COLUMNS: readonly ColumnRef[] = Object.freeze([])
const NO_COLUMNS: readonly OutputColumn[] = Object.freeze([])

/** A select's parts besides its entity and parameters, by name (`createSelectPlan`). */
interface SelectParts {
  readonly table: TableRef
  readonly columns: readonly OutputColumn[]
  readonly where: PredicateNode | undefined
  readonly orderBy: readonly OrderTerm[]
  readonly result: SelectPlan['result']
  readonly nested?: NestedSelects | undefined
  readonly aggregate?: AggregatePlan | undefined
  readonly count?: CountPlan | undefined
}

function createSelectPlan(entity: EntityModel, parts: SelectParts, params: ParameterList): SelectPlan {
  const { table, columns, where, orderBy, result, nested, aggregate, count } = parts
  if (nested === undefined && aggregate === undefined && count === undefined) {
    const shapeKey = buildShapeKey({ kind: 'select', table, columns, where, orderBy, result })
    return {
      kind: 'select',
      shapeKey,
      dataSource: entity.dataSource,
      entity,
      table,
      columns,
      where,
      orderBy,
      result,
      parameters: params.toArray(),
    }
  }
  const relations = nested?.relations
  const nestedCursors = nested?.nestedCursors
  const shapeKey = buildShapeKey({
    kind: 'select',
    table,
    columns,
    where,
    orderBy,
    result,
    relations,
    nestedCursors,
    aggregate,
    count,
  })
  return {
    kind: 'select',
    shapeKey,
    dataSource: entity.dataSource,
    entity,
    table,
    columns,
    where,
    orderBy,
    result,
    parameters: params.toArray(),
    relations,
    nestedCursors,
    aggregate,
    count,
  }
}
