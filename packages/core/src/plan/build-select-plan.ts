import type { EntityModel } from '../model/service-model.js'
import { isAuthorizedAs, type AuthorizedRequest } from '../request/authorized-request.js'
import type { AggregateReadRequest, KeyReadRequest, ListReadRequest, ReadRequest } from '../request/parsed-request.js'
import { invariant } from '../util/invariant.js'
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

type KeyRead = AuthorizedRequest<KeyReadRequest>
type ListRead = AuthorizedRequest<ListReadRequest>
type AggregateRead = AuthorizedRequest<AggregateReadRequest>

/**
 * The read plan for an authorized read: the row with the given key, a page of the collection, or its groups.
 * `stream`: a page may be streamed (the protocol and the dialect can) — it is, when it has at least `STREAM_MIN_ROWS`
 * records.
 */
export function buildSelectPlan(request: AuthorizedRequest<ReadRequest>, stream = false): SelectPlan {
  if (isAuthorizedAs(request, 'read-key')) return buildKeyReadPlan(request)
  if (isAuthorizedAs(request, 'aggregate')) return buildGroupsPlan(request)
  invariant(isAuthorizedAs(request, 'list'), 'a read is by key, a list page or groups')
  // A first page without filter or policy has no parameters at all: its whole plan is kept, per streamability.
  const firstPages = isPlainFirstPage(request) ? firstPageShapes[stream ? 1 : 0]! : undefined
  if (firstPages === undefined) return buildListPlan(request, stream)
  const kept = firstPages.get(request)
  if (kept !== undefined) return kept
  const plan = buildListPlan(request, stream)
  firstPages.set(request, plan)
  return plan
}

function buildKeyReadPlan(request: KeyRead): SelectPlan {
  const { entity, key } = request.parsed
  const keep = isPlainKeyRead(request)
  const shape = keep ? keyReadShapes.get(request) : undefined
  if (shape !== undefined) {
    // Written out, members in createSelectPlan's order (one object shape; a spread would take V8's slow path).
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
      parameters: valueParameters(key),
    }
  }
  const params = new ParameterList()
  const columns = outputColumns(request)
  const table = tableOf(entity, T)
  const policy = policyOf(request, params)
  const nested = request.relations.length === 0 ? undefined : buildNestedSelects(request.relations, entity, T, params)
  const keyTerms: PredicateNode[] = key.map(({ field, value }) => ({
    kind: 'compare',
    left: columnOf(T, field),
    op: 'eq',
    right: params.add(value, field.type),
  }))
  const plan = createSelectPlan(
    entity,
    { table, columns, where: andAll([policy, ...keyTerms]), orderBy: NO_ORDER, result: SINGLE, nested },
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

/** Groups of the rows the filter and policy admit, at most a page of them; ordering and cursors do not apply. */
function buildGroupsPlan(request: AggregateRead): SelectPlan {
  const { entity, aggregate, pageSize } = request.parsed
  const params = new ParameterList()
  const table = tableOf(entity, T)
  const filter = request.filter === undefined ? undefined : buildPredicate(request.filter, T, params)
  const policy = policyOf(request, params)
  const groups = buildAggregatePlan(aggregate, T, params, pageSize)
  return createSelectPlan(
    entity,
    {
      table,
      columns: NO_COLUMNS,
      where: andAll([policy, filter]),
      orderBy: NO_ORDER,
      result: SINGLE,
      aggregate: groups,
    },
    params,
  )
}

/** A page of the list, built from the request. */
function buildListPlan(request: ListRead, stream: boolean): SelectPlan {
  const { parsed } = request
  const { entity, pageSize } = parsed
  const params = new ParameterList()
  const columns = outputColumns(request)
  const table = tableOf(entity, T)
  // The caller's filter and the row policy both restrict rows; the policy is not optional.
  const filter = request.filter === undefined ? undefined : buildPredicate(request.filter, T, params)
  const policy = policyOf(request, params)
  const nested = request.relations.length === 0 ? undefined : buildNestedSelects(request.relations, entity, T, params)
  const orderBy: OrderTerm[] = parsed.orderBy.map(({ field, direction }) => ({
    column: columnOf(T, field),
    direction,
    // Key columns never hold NULL, whatever a view's metadata says; knowing that keeps indexes usable.
    nullable: field.nullable && !field.primaryKey,
  }))
  // Without key fields (a keyless view) pages go by position: OFFSET, and core computes the next cursor.
  const byPosition = entity.keyFields.length === 0
  const { after } = parsed
  const keyset =
    after === undefined || byPosition
      ? undefined
      : buildKeysetPredicate(
          orderBy,
          parsed.orderBy.map((t) => t.field.type),
          after,
          params,
        )
  const offset = after !== undefined && byPosition ? params.add(Number(after[0]), 'int') : undefined
  const cursorColumns = byPosition ? NO_CURSOR_COLUMNS : orderBy.map((t) => t.column)
  // A streamed page carries its count in every row, so an empty one has none: after a cursor (the only way a
  // large page of matching rows can come back empty) a counted page is built as one text instead. Nested
  // relationships stream too: each record carries its own (the shape stage signs their cursors record by record).
  const streams = stream && pageSize >= STREAM_MIN_ROWS && !(parsed.count && after !== undefined)
  const mode = streams ? 'stream' : 'page'
  // One row more tells whether another page exists; a caller that reads no paging value is spared it.
  const fetch = parsed.pageInfo ? pageSize + 1 : pageSize
  const result: PageResult | StreamResult =
    offset === undefined
      ? { mode, limit: pageSize, fetch, cursorColumns }
      : { mode, limit: pageSize, fetch, cursorColumns, offset }
  const count: CountPlan | undefined = parsed.count ? { where: andAll([policy, filter]) } : undefined
  return createSelectPlan(
    entity,
    { table, columns, where: andAll([policy, filter, keyset]), orderBy, result, nested, count },
    params,
  )
}

/** The output columns: the permission's whole list (kept per list), or the selected fields. */
function outputColumns(request: KeyRead | ListRead): readonly OutputColumn[] {
  return request.parsed.select === undefined
    ? outputColumnsOf(T, request.fields)
    : request.fields.map((f) => outputColumnOf(T, f))
}

function policyOf(request: AuthorizedRequest<ReadRequest>, params: ParameterList): PredicateNode | undefined {
  const { policy } = request.grant
  return policy === undefined ? undefined : buildPredicate(policy, T, params)
}

const SINGLE: SingleResult = Object.freeze({ mode: 'single' })
const NO_PARAMETERS: readonly PlanParameter[] = Object.freeze([])
const NO_ORDER: readonly OrderTerm[] = Object.freeze([])

/** First pages with neither filter, row policy, nested relations nor aggregation: no parameters, one plan per shape. */
const firstPageShapes = [
  new PlanShapeCache<SelectPlan, ListRead>(firstPageShapePath),
  new PlanShapeCache<SelectPlan, ListRead>(firstPageShapePath),
]

function isPlainFirstPage(request: ListRead): boolean {
  return (
    request.parsed.after === undefined &&
    request.filter === undefined &&
    request.grant.policy === undefined &&
    request.relations.length === 0
  )
}

/** A plain first page's shape: its output fields, its ordering (field and direction per term), page size and options. */
function firstPageShapePath<T>(root: ShapeNode<T>, request: ListRead, create: boolean): ShapeNode<T> | undefined {
  let node = outputFieldsPath(root, request, create)
  const { parsed } = request
  const { orderBy } = parsed
  for (let i = 0; i < orderBy.length && node !== undefined; i++) {
    node = step(node, orderBy[i]!.field, create)
    if (node !== undefined) node = step(node, orderBy[i]!.direction, create)
  }
  if (node !== undefined) node = step(node, END_OF_LIST, create)
  if (node !== undefined) node = step(node, parsed.pageSize, create)
  if (node !== undefined) node = step(node, parsed.pageInfo, create)
  if (node !== undefined) node = step(node, parsed.count, create)
  return node
}

/** The output fields: the permission's reused list as one step, or each `$select` field, then the list's end. */
function outputFieldsPath<T>(
  root: ShapeNode<T>,
  request: KeyRead | ListRead,
  create: boolean,
): ShapeNode<T> | undefined {
  let node: ShapeNode<T> | undefined = root
  if (request.parsed.select === undefined) node = step(root, request.fields, create)
  else
    for (let i = 0; i < request.fields.length && node !== undefined; i++) node = step(node, request.fields[i], create)
  return node === undefined ? undefined : step(node, END_OF_LIST, create)
}

/**
 * Reads by key with neither filter, row policy, nested relations nor aggregation: the common read, whose only
 * parameters are the key's values. Their plans keep their shape (see PlanShapeCache).
 */
const keyReadShapes = new PlanShapeCache<SelectPlan, KeyRead>(keyReadShapePath)

function isPlainKeyRead(request: KeyRead): boolean {
  return request.grant.policy === undefined && request.relations.length === 0
}

/** A plain key read's shape: its output fields (the permission's list, or each `$select` field), then its key fields. */
function keyReadShapePath<T>(root: ShapeNode<T>, request: KeyRead, create: boolean): ShapeNode<T> | undefined {
  let node = outputFieldsPath(root, request, create)
  const { key } = request.parsed
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
