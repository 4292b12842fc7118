import type { ScalarType } from '../model/scalar-type.js'
import type { EntityModel, FieldModel } from '../model/service-model.js'
import { findMissingRequiredField } from '../request/bind-write.js'
import type { AuthorizedRequest } from '../request/authorized-request.js'
import type { KeyValue, WriteRequest } from '../request/parsed-request.js'
import { andAll, buildPredicate } from './build-predicate.js'
import { deleteShapeKey, insertShapeKey, updateShapeKey, upsertShapeKey } from './build-write-shape-key.js'
import { ParameterList, valueParameters } from './parameter-list.js'
import { columnOf, columnsOf, outputColumnsOf, tableOf } from './plan-structure.js'
import type { PredicateNode, ValueExpr } from './predicate-node.js'
import type { ExecutionPlan } from './query-plan.js'
import { buildShapeKey } from './build-shape-key.js'
import type { OutputColumn, SelectPlan } from './select-plan.js'
import type { PlanParameter } from './plan-parameter.js'
import type {
  DefaultValue,
  DeletePlan,
  InsertGuard,
  InsertPlan,
  ReturnedRecord,
  RowImage,
  UpdatePlan,
  UpsertPlan,
  WriteValue,
} from './write-plan.js'
import { END_OF_LIST, PlanShapeCache, step, type ShapeNode } from './plan-shape-cache.js'

const T = 't'

/** An authorized write. */
type Write = AuthorizedRequest<WriteRequest>
const DEFAULT: DefaultValue = Object.freeze({ kind: 'default' })
const NO_PARAMETERS: readonly PlanParameter[] = Object.freeze([])

/** Insert and update plans without their parameters, kept per shape (see PlanShapeCache and writeShapePath). */
const insertShapes = new PlanShapeCache<InsertPlan, Write>(writeShapePath)
const updateShapes = new PlanShapeCache<UpdatePlan, Write>(writeShapePath)
const NO_PAIRED_PERMISSION = Object.freeze({ mark: 'no paired permission' })

/**
 * A write's shape: its output field list, the permissions a PUT resets fields by, its key fields, its body fields
 * (in the entity's order, as bindWrite lists them).
 */
function writeShapePath<T>(root: ShapeNode<T>, request: Write, create: boolean): ShapeNode<T> | undefined {
  const write = request.parsed.write
  let node = step(root, request.fields, create)
  if (write.replace) {
    // PUT resets the writable fields the body leaves out: which ones depends on the permissions.
    if (node !== undefined) node = step(node, request.grant.permission.fields, create)
    if (node !== undefined) node = step(node, request.grant.pairedPermission?.fields ?? NO_PAIRED_PERMISSION, create)
  }
  const key = request.parsed.key
  if (key !== undefined) {
    for (let i = 0; i < key.length && node !== undefined; i++) node = step(node, key[i]!.field, create)
  }
  if (node !== undefined) node = step(node, END_OF_LIST, create)
  const values = write.values
  for (let i = 0; i < values.length && node !== undefined; i++) node = step(node, values[i]!.field, create)
  return node
}

/**
 * The plan for a scoped write. `nativeUpsert`: the dialect can upsert in one statement; it is used when the entity's
 * key carries a unique constraint (views and config-declared keys have none), else the upsert becomes
 * update-then-insert in a transaction.
 */
export function buildWritePlan(request: Write, nativeUpsert: boolean): ExecutionPlan {
  const { write } = request.parsed
  switch (write.mode) {
    case 'insert':
      return buildInsert(request)
    case 'update':
      return buildUpdate(request)
    case 'delete':
      return buildDelete(request)
    case 'upsert':
      // PostgreSQL checks NOT NULL on the proposed row before it looks for a conflict, so a PATCH that leaves out a
      // required field cannot use ON CONFLICT even when the row exists: update first, and insert (and fail) only if not.
      // A create policy guards the insert with an insert-select, which cannot also target ON CONFLICT correctly: an
      // existing row would be updated only if the proposed row met the create policy.
      return nativeUpsert &&
        request.parsed.entity.keyIsUnique &&
        request.grant.createPolicy === undefined &&
        findMissingRequiredField(request.parsed.entity, request.parsed.key ?? [], write.values) === undefined
        ? buildUpsert(request)
        : {
            kind: 'updateOrInsert',
            update: buildUpdate(request),
            insert: buildInsert(request),
            hidden: request.grant.policy === undefined ? undefined : buildKeyProbe(request),
          }
  }
}

function buildInsert(request: Write): InsertPlan {
  const keep = takesNoPolicy(request)
  const shape = keep ? insertShapes.get(request) : undefined
  if (shape !== undefined) {
    // Parameters in the order the plan was built with: key values, then body values.
    const parameters = valueParameters(request.parsed.key, request.parsed.write.values)
    return {
      kind: 'insert',
      shapeKey: shape.shapeKey,
      dataSource: shape.dataSource,
      table: shape.table,
      values: shape.values,
      guard: undefined,
      returning: shape.returning,
      parameters,
    }
  }
  const params = new ParameterList()
  const table = tableOf(request.parsed.entity, T)
  const written = [...keyValues(request.parsed.key ?? [], params), ...bodyValues(request, params)]
  // Left out, a column gets its default anyway; with a guard, DEFAULT cannot stand in the proposed row.
  const values = request.grant.createPolicy === undefined ? [...written, ...resetValues(request)] : written
  const guard =
    request.grant.createPolicy === undefined
      ? undefined
      : insertGuard(request, values, buildPredicate(request.grant.createPolicy, T, params))
  const returning = returnedRecord(request, params)
  const shapeKey = insertShapeKey({ kind: 'insert', table, values, guard, returning })
  const dataSource = request.parsed.entity.dataSource
  if (keep)
    insertShapes.set(request, {
      kind: 'insert',
      shapeKey,
      dataSource,
      table,
      values,
      guard,
      returning,
      parameters: NO_PARAMETERS,
    })
  return { kind: 'insert', shapeKey, dataSource, table, values, guard, returning, parameters: params.toArray() }
}

/** The proposed row: the inserted columns, then any other column the policy names (NULL there). */
function insertGuard(request: Write, values: readonly WriteValue[], predicate: PredicateNode): InsertGuard {
  const byColumn = new Map(request.parsed.entity.fields.map((f) => [f.column, f]))
  const columns = values.map((v) => ({ column: v.column, dbType: byColumn.get(v.column)!.dbType }))
  const written = new Set(values.map((v) => v.column))
  for (const column of policyColumns(predicate)) {
    if (written.has(column)) continue
    written.add(column)
    columns.push({ column, dbType: byColumn.get(column)!.dbType })
  }
  return { predicate, columns }
}

function valueColumns(value: ValueExpr): string[] {
  if (value.kind === 'caseFold') return valueColumns(value.operand)
  return value.kind === 'column' ? [value.column] : []
}

function policyColumns(node: PredicateNode): string[] {
  switch (node.kind) {
    case 'compare':
      return [node.left, node.right].flatMap(valueColumns)
    case 'isNull':
      return [node.operand.column]
    case 'like':
    case 'in':
      return valueColumns(node.operand)
    case 'and':
    case 'or':
      return node.items.flatMap(policyColumns)
    case 'not':
      return policyColumns(node.item)
    case 'constant':
    case 'exists':
      // Policies cannot name related entities (bindPolicy refuses them), so no EXISTS reaches an insert guard.
      return []
  }
}

function buildUpdate(request: Write): UpdatePlan {
  const keep = takesNoPolicy(request)
  const shape = keep ? updateShapes.get(request) : undefined
  if (shape !== undefined) {
    // Parameters in the order the plan was built with: body values (SET), then key values (WHERE).
    const parameters = valueParameters(request.parsed.write.values, request.parsed.key)
    return {
      kind: 'update',
      shapeKey: shape.shapeKey,
      dataSource: shape.dataSource,
      table: shape.table,
      set: shape.set,
      where: shape.where,
      returning: shape.returning,
      parameters,
    }
  }
  const params = new ParameterList()
  const table = tableOf(request.parsed.entity, T)
  const set = [...bodyValues(request, params), ...resetValues(request)]
  const where = rowPredicate(request, params)
  const returning = returnedRecord(request, params)
  const shapeKey = updateShapeKey({ kind: 'update', table, set, where, returning })
  const dataSource = request.parsed.entity.dataSource
  if (keep)
    updateShapes.set(request, {
      kind: 'update',
      shapeKey,
      dataSource,
      table,
      set,
      where,
      returning,
      parameters: NO_PARAMETERS,
    })
  return { kind: 'update', shapeKey, dataSource, table, set, where, returning, parameters: params.toArray() }
}

/**
 * A plan whose only parameters are the request's key and body values: no row policy of any action adds its own
 * (claims differ per caller). Only such plans keep their shape; the others are built whole per request.
 */
function takesNoPolicy(request: Write): boolean {
  return (
    request.grant.policy === undefined &&
    request.grant.createPolicy === undefined &&
    request.grant.readPolicy === undefined
  )
}

function buildUpsert(request: Write): UpsertPlan {
  const params = new ParameterList()
  const table = tableOf(request.parsed.entity, T)
  const body = [...bodyValues(request, params), ...resetValues(request)]
  const values = [...keyValues(request.parsed.key ?? [], params), ...body]
  const conflictColumns = request.parsed.entity.keyFields.map((f) => f.column)
  const updateColumns = body.map((v) => v.column)
  const updateWhere = request.grant.policy === undefined ? undefined : buildPredicate(request.grant.policy, T, params)
  const returning = returnedRecord(request, params)
  const shapeKey = upsertShapeKey({
    kind: 'upsert',
    table,
    values,
    conflictColumns,
    updateColumns,
    updateWhere,
    returning,
  })
  return {
    kind: 'upsert',
    shapeKey,
    dataSource: request.parsed.entity.dataSource,
    table,
    values,
    conflictColumns,
    updateColumns,
    updateWhere,
    returning,
    parameters: params.toArray(),
  }
}

/** Reads the row with the request's key, whatever the row policy says: its key columns, or no row. */
function buildKeyProbe(request: Write): SelectPlan {
  const params = new ParameterList()
  const table = tableOf(request.parsed.entity, T)
  const columns = outputColumnsOf(T, request.parsed.entity.keyFields)
  const where = andAll(
    (request.parsed.key ?? []).map(({ field, value }): PredicateNode => ({
      kind: 'compare',
      left: columnOf(T, field),
      op: 'eq',
      right: params.add(value, field.type),
    })),
  )
  const result = { mode: 'single' } as const
  const shapeKey = buildShapeKey({ kind: 'select', table, columns, where, orderBy: [], result })
  return {
    kind: 'select',
    shapeKey,
    dataSource: request.parsed.entity.dataSource,
    table,
    columns,
    where,
    orderBy: [],
    result,
    parameters: params.toArray(),
  }
}

function buildDelete(request: Write): DeletePlan {
  const params = new ParameterList()
  const table = tableOf(request.parsed.entity, T)
  const where = rowPredicate(request, params)
  const image = imageColumns(request.parsed.entity)
  return {
    kind: 'delete',
    shapeKey: deleteShapeKey({ kind: 'delete', table, where, image }),
    dataSource: request.parsed.entity.dataSource,
    table,
    where,
    image,
    parameters: params.toArray(),
  }
}

function keyValues(key: readonly KeyValue[], params: ParameterList): WriteValue[] {
  return key.map(({ field, value }) => ({ column: field.column, value: params.add(value, field.type) }))
}

function bodyValues(request: Write, params: ParameterList): WriteValue[] {
  return request.parsed.write.values.map(({ field, value }) => ({
    column: field.column,
    value: params.add(value, field.type),
  }))
}

/**
 * PUT replaces the record: writable fields the body leaves out go back to their default. Only fields the role may
 * write are reset; a role cannot clear what it is not allowed to change.
 */
function resetValues(request: Write): WriteValue[] {
  const write = request.parsed.write
  if (!write.replace) return []
  const given = new Set<FieldModel>(write.values.map((v) => v.field))
  const allowed = request.grant.permission.fields
  const pairedAllowed = request.grant.pairedPermission?.fields
  const out: WriteValue[] = []
  for (const field of request.parsed.entity.fields) {
    if (field.primaryKey || field.readOnly || field.autoGenerated || given.has(field)) continue
    if (!allowed.has(field.name) || (pairedAllowed !== undefined && !pairedAllowed.has(field.name))) continue
    out.push({ column: field.column, value: DEFAULT })
  }
  return out
}

/** The row a key selects, narrowed by the action's row policy: a row the policy hides behaves as absent. */
function rowPredicate(request: Write, params: ParameterList): PredicateNode {
  const key: PredicateNode[] = (request.parsed.key ?? []).map(({ field, value }) => ({
    kind: 'compare',
    left: columnOf(T, field),
    op: 'eq',
    right: params.add(value, field.type),
  }))
  const policy = request.grant.policy === undefined ? undefined : buildPredicate(request.grant.policy, T, params)
  return andAll([policy, ...key])!
}

function returnedRecord(request: Write, params: ParameterList): ReturnedRecord {
  const columns = request.fields.length === 0 ? [] : outputColumnsOf(T, request.fields)
  const visible =
    request.grant.readPolicy === undefined || request.fields.length === 0
      ? undefined
      : buildPredicate(request.grant.readPolicy, T, params)
  const keyColumns = columnsOf(T, request.parsed.entity.keyFields)
  return {
    columns,
    visible,
    keyColumns,
    keyInRecord: visible === undefined ? keyMembers(request.parsed.entity.keyFields, columns) : undefined,
    image: imageColumns(request.parsed.entity),
  }
}

const images = new WeakMap<EntityModel, RowImage>()

/** Every field of an entity that publishes its changes (`graphql.subscription.enabled`), else none. */
function imageColumns(entity: EntityModel): RowImage | undefined {
  if (!entity.graphql.subscription.enabled) return undefined
  let image = images.get(entity)
  if (image === undefined)
    images.set(entity, (image = Object.freeze({ entity: entity.name, columns: outputColumnsOf(T, entity.fields) })))
  return image
}

/**
 * Types whose JSON text in a record is the key's own text (see `ReturnedRecord.keyInRecord`). Not strings: a
 * fixed-length `char(n)` key keeps its padding in JSON but loses it as text.
 */
const KEY_TEXT_IN_JSON: ReadonlySet<ScalarType> = new Set(['byte', 'short', 'int', 'uuid'])

/** The record's members that carry the key, when every key field is among the output columns with such a type. */
function keyMembers(keyFields: readonly FieldModel[], columns: readonly OutputColumn[]): readonly string[] | undefined {
  if (keyFields.length === 0) return undefined
  const names: string[] = []
  for (const field of keyFields) {
    const output = columns.find((c) => c.name === field.name)
    if (output === undefined || !KEY_TEXT_IN_JSON.has(output.type)) return undefined
    names.push(output.name)
  }
  return names
}
