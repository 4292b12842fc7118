import { columnsKey, predicateKey } from './build-shape-key.js'
import { structureId } from './plan-structure.js'
import type { PredicateNode } from './predicate-node.js'
import type {
  DeletePlan,
  InsertPlan,
  ReturnedRecord,
  RowImage,
  UpdatePlan,
  UpsertPlan,
  WriteValue,
} from './write-plan.js'

type Unkeyed<P> = Omit<P, 'shapeKey' | 'parameters'>

/** Shape keys of write plans: like `buildShapeKey`, a compact string of structure ids, operators and columns. */
export function insertShapeKey(p: Unkeyed<InsertPlan>): string {
  const guard =
    p.guard === undefined
      ? ''
      : `${predicateKey(p.guard.predicate)}/${p.guard.columns.map((c) => quote(c.column)).join(',')}`
  return `insert|${structureId(p.table)}|${valuesKey(p.values)}|${guard}|${returningKey(p.returning)}`
}

export function updateShapeKey(p: Unkeyed<UpdatePlan>): string {
  return `update|${structureId(p.table)}|${valuesKey(p.set)}|${predicateKey(p.where)}|${returningKey(p.returning)}`
}

export function upsertShapeKey(p: Unkeyed<UpsertPlan>): string {
  return (
    `upsert|${structureId(p.table)}|${valuesKey(p.values)}|${p.conflictColumns.length}|${p.updateColumns.map(quote).join(',')}|` +
    `${optionalPredicateKey(p.updateWhere)}|${returningKey(p.returning)}`
  )
}

export function deleteShapeKey(p: Unkeyed<DeletePlan>): string {
  return `delete|${structureId(p.table)}|${predicateKey(p.where)}|${imageKey(p.image)}`
}

/** Column names quoted, by name: a write's key is built per request, and its columns come from the model alone. */
const quotedColumns = new Map<string, string>()

// Column names go into keys quoted (JSON), so no name can be mistaken for a separator.
function quote(column: string): string {
  let quoted = quotedColumns.get(column)
  if (quoted === undefined) quotedColumns.set(column, (quoted = JSON.stringify(column)))
  return quoted
}

function valuesKey(values: readonly WriteValue[]): string {
  return values.map((v) => `${quote(v.column)}${v.value.kind === 'default' ? 'D' : `$${v.value.index}`}`).join(',')
}

function optionalPredicateKey(node: PredicateNode | undefined): string {
  return node === undefined ? '' : predicateKey(node)
}

function returningKey(r: ReturnedRecord): string {
  const image = r.image === undefined ? '' : `|${imageKey(r.image)}`
  return `${r.columns.length === 0 ? '-' : columnsKey(r.columns)}|${optionalPredicateKey(r.visible)}|${r.keyColumns.map(structureId).join(',')}${image}`
}

function imageKey(image: RowImage | undefined): string {
  return image === undefined ? '' : `${JSON.stringify(image.entity)}${columnsKey(image.columns)}`
}
