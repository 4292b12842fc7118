import type { EntityModel, FieldModel } from '../model/service-model.js'
import type { ColumnRef } from './predicate-node.js'
import type { OutputColumn, TableRef } from './select-plan.js'

/**
 * Plans are rebuilt per request, but their structural parts — the table, each column reference, the output column
 * list for a permission's default field list — are the same objects every time. Reusing them saves allocations and
 * lets the shape key refer to them by a small id instead of serializing them.
 */
const tables = new WeakMap<EntityModel, Map<string, TableRef>>()
const columnRefs = new WeakMap<FieldModel, Map<string, ColumnRef>>()
const outputColumns = new WeakMap<FieldModel, Map<string, OutputColumn>>()
const outputLists = new WeakMap<readonly FieldModel[], Map<string, readonly OutputColumn[]>>()
const columnLists = new WeakMap<readonly FieldModel[], Map<string, readonly ColumnRef[]>>()
const ids = new WeakMap<object, number>()
let nextId = 0

export function tableOf(entity: EntityModel, alias: string): TableRef {
  return cached(tables, entity, alias, makeTable)
}

export function columnOf(alias: string, field: FieldModel): ColumnRef {
  return cached(columnRefs, field, alias, makeColumnRef)
}

export function outputColumnOf(alias: string, field: FieldModel): OutputColumn {
  return cached(outputColumns, field, alias, makeOutputColumn)
}

/** Output columns for a field list; lists that are reused (a permission's default fields) are built once. */
export function outputColumnsOf(alias: string, fields: readonly FieldModel[]): readonly OutputColumn[] {
  return cached(outputLists, fields, alias, makeOutputList)
}

/** Column references for a reused field list (an entity's key fields), built once. */
export function columnsOf(alias: string, fields: readonly FieldModel[]): readonly ColumnRef[] {
  return cached(columnLists, fields, alias, makeColumnList)
}

// Makers declared once, not closures at each call: every lookup would otherwise allocate one, hit or miss.
function makeTable(entity: EntityModel, alias: string): TableRef {
  return Object.freeze({ name: entity.source, alias })
}
function makeColumnRef(field: FieldModel, alias: string): ColumnRef {
  return Object.freeze({ kind: 'column', table: alias, column: field.column })
}
function makeOutputColumn(field: FieldModel, alias: string): OutputColumn {
  return Object.freeze({ name: field.name, column: columnOf(alias, field), type: field.type })
}
function makeOutputList(fields: readonly FieldModel[], alias: string): readonly OutputColumn[] {
  return Object.freeze(fields.map((f) => outputColumnOf(alias, f)))
}
function makeColumnList(fields: readonly FieldModel[], alias: string): readonly ColumnRef[] {
  return Object.freeze(fields.map((f) => columnOf(alias, f)))
}

/** A small number identifying one structural object for the lifetime of the process. */
export function structureId(object: object): number {
  let id = ids.get(object)
  if (id === undefined) {
    id = ++nextId
    ids.set(object, id)
  }
  return id
}

function cached<K extends object, V>(
  map: WeakMap<K, Map<string, V>>,
  key: K,
  alias: string,
  make: (key: K, alias: string) => V,
): V {
  let byAlias = map.get(key)
  if (byAlias === undefined) {
    byAlias = new Map()
    map.set(key, byAlias)
  }
  let value = byAlias.get(alias)
  if (value === undefined) {
    value = make(key, alias)
    byAlias.set(alias, value)
  }
  return value
}
