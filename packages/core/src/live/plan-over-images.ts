import type { EntityModel } from '../model/service-model.js'
import type { PlanParameter } from '../plan/plan-parameter.js'
import type { ColumnRef, ParamRef } from '../plan/predicate-node.js'
import type { OutputColumn, SelectPlan } from '../plan/select-plan.js'
import type { RowSource } from '../plan/table-ref.js'
import { coerceValue } from '../request/coerce-value.js'
import { ExactNumber, parseExactJson } from '../protocol/parse-exact-json.js'
import { invariant } from '../util/invariant.js'
import { jsonObjectMembers, jsonValueEnd, skipSpace } from '../protocol/scan-json-text.js'

/** The member each record of a read over images starts with: the position of its image in the batch. */
export const ORDINAL_MEMBER = 'sluice:ordinal'
const ORDINAL_COLUMN = 'sluice:ordinal'

/**
 * A subscriber's planned list read (its filter, its row policy, its fields and nested relations, exactly as a read
 * of the table would be planned) turned into the same read over the row images of a batch of changes: the table is
 * replaced by the images (`TableRef.rows`), each record starts with its image's position (`ORDINAL_MEMBER`), the
 * records come in that order, and one page holds them all. So the database decides, with its own comparison rules,
 * which changed rows the subscriber's read would return and with which fields, without reading the table.
 */
export function planOverImages(plan: SelectPlan, entity: EntityModel, images: readonly string[]): SelectPlan {
  invariant(plan.result.mode !== 'single' && plan.aggregate === undefined, 'a subscription plans a list read')
  const alias = plan.table.alias
  const parameters: PlanParameter[] = [...plan.parameters]
  const add = (value: unknown, type: PlanParameter['type']): ParamRef => {
    parameters.push({ value, type })
    return { kind: 'param', index: parameters.length - 1 }
  }
  const columns = [
    { column: ORDINAL_COLUMN, dbType: ORDINAL_DB_TYPE },
    ...entity.fields.map((f) => ({ column: f.column, dbType: f.dbType })),
  ]
  const values = images.map((text, i) => {
    const image = parseExactJson(text) as Record<string, unknown>
    return [add(i, 'int'), ...entity.fields.map((f) => add(imageValue(f.type, image[f.name]), f.type))]
  })
  const rows: RowSource = { columns, values }
  const ordinal: ColumnRef = { kind: 'column', table: alias, column: ORDINAL_COLUMN }
  const ordinalOutput: OutputColumn = { name: ORDINAL_MEMBER, column: ordinal, type: 'int' }
  const n = images.length
  return {
    ...plan,
    shapeKey: `${plan.shapeKey}|images:${n}`,
    table: { ...plan.table, rows },
    columns: [ordinalOutput, ...plan.columns],
    orderBy: [{ column: ordinal, direction: 'asc', nullable: false }],
    result: { mode: 'page', limit: n, fetch: n, cursorColumns: [] },
    count: undefined,
    parameters,
  }
}

/** Understood as an integer type by every dialect's cast (`castTo`). */
const ORDINAL_DB_TYPE = 'int'

/**
 * An image's member as a bound value of its column. A value Sluice cannot bind (arrays, types it does not know)
 * is NULL in the subscriber's read: such columns cannot be filtered on, so only their value in the record is lost.
 */
function imageValue(type: PlanParameter['type'], raw: unknown): unknown {
  if (raw === null || raw === undefined) return null
  // A number whose digits a double would change arrives as its text, which decimals and 64-bit integers take.
  const coerced = coerceValue(type, raw instanceof ExactNumber ? raw.text : raw, 'any')
  return coerced.ok ? coerced.value : null
}

/**
 * The records of a read over images (a JSON array's text, or null for none) with each one's image position, the
 * `ORDINAL_MEMBER` cut out of its text (wherever the engine put it: MySQL orders object members its own way).
 */
export function splitImageRecords(json: string | null): { readonly ordinal: number; readonly record: string }[] {
  if (json === null) return []
  const out: { ordinal: number; record: string }[] = []
  let i = skipSpace(json, 0)
  invariant(json.charCodeAt(i) === 0x5b, 'a page is a JSON array')
  i = skipSpace(json, i + 1)
  while (i < json.length && json.charCodeAt(i) !== 0x5d) {
    const end = jsonValueEnd(json, i)
    out.push(cutOrdinal(json.slice(i, end)))
    i = skipSpace(json, end)
    if (json.charCodeAt(i) === 0x2c) i = skipSpace(json, i + 1)
  }
  return out
}

function cutOrdinal(record: string): { ordinal: number; record: string } {
  const members = jsonObjectMembers(record, 0)
  const at = members.findIndex((m) => m.key === ORDINAL_MEMBER)
  invariant(at >= 0, 'a record read over images carries its ordinal')
  const m = members[at]!
  const ordinal = Number(record.slice(m.valueStart, m.end).trim())
  if (members.length === 1) return { ordinal, record: '{}' }
  const text =
    at < members.length - 1
      ? record.slice(0, m.start) + record.slice(members[at + 1]!.start)
      : record.slice(0, members[at - 1]!.end) + record.slice(m.end)
  return { ordinal, record: text }
}
