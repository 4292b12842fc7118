import { qualifiedKey } from '@sluice/core/dialect'
import type {
  Abortable,
  ColumnMetadata,
  Driver,
  ObjectMetadata,
  ParameterMetadata,
  SourceObject,
} from '@sluice/core/dialect'
import { POSTGRES_ROUTINES_SQL } from './postgres-routines-sql.js'
import { mapPostgresType } from './postgres-type-map.js'

interface RoutineRow {
  readonly default_schema: string | null
  readonly ord: number | null
  readonly oid: string | null
  readonly schema_name: string
  readonly object_name: string
  readonly prokind: 'f' | 'p'
  readonly overloads: number
  readonly returns_set: boolean
  readonly return_type: string
  readonly return_typtype: string
  readonly return_base_type: string
  readonly return_base_category: string
  readonly arguments: string
  readonly composite_columns: string | null
}

interface ArgumentRow {
  readonly name: string
  /** `proargmodes`: i in, o out, b inout, v variadic, t a RETURNS TABLE column. */
  readonly mode: 'i' | 'o' | 'b' | 'v' | 't'
  readonly db_type: string
  readonly base_type: string
  readonly base_category: string
  readonly has_default: boolean
}

interface CompositeColumnRow {
  readonly name: string
  readonly db_type: string
  readonly base_type: string
  readonly base_category: string
}

export interface RoutineLookup {
  readonly objects: Map<string, ObjectMetadata>
  readonly defaultSchema: string | undefined
}

/**
 * Functions and procedures for the stored-procedure entities, in one catalog query. The first result set is fully
 * described by the catalog: a function's OUT / `RETURNS TABLE` columns, the attributes of a composite return type,
 * one column named after the function for a scalar return, none for `void`; a procedure's OUT and INOUT parameters
 * (the one row `CALL` returns). A `record` result without OUT columns cannot be called without a column list.
 */
export async function readPostgresRoutines(
  driver: Driver,
  requested: readonly SourceObject[],
  options: Abortable,
): Promise<RoutineLookup> {
  const objects = new Map<string, ObjectMetadata>()
  if (requested.length === 0) return { objects, defaultSchema: undefined }
  const { rows } = await driver.execute<RoutineRow>(
    {
      sql: POSTGRES_ROUTINES_SQL,
      parameters: [requested.map((o) => o.name.schema ?? null), requested.map((o) => o.name.name)],
    },
    options,
  )
  for (const row of rows) {
    const source = row.ord === null || row.oid === null ? undefined : requested[row.ord - 1]
    // Overloads share an `ord`: the first describes the routine; the count makes it a problem.
    if (source === undefined || objects.has(qualifiedKey(source.name))) continue
    objects.set(qualifiedKey(source.name), buildRoutine(row))
  }
  return { objects, defaultSchema: rows[0]?.default_schema ?? undefined }
}

function buildRoutine(row: RoutineRow): ObjectMetadata {
  const args = JSON.parse(row.arguments) as ArgumentRow[]
  const parameters: ParameterMetadata[] = args
    .filter((a) => a.mode !== 't')
    .map((a) => ({
      name: a.name,
      type: mapPostgresType(a.base_type, a.base_category),
      dbType: a.db_type,
      mode: a.mode === 'o' ? 'out' : a.mode === 'b' ? 'inout' : 'in',
      hasDefault: a.has_default,
    }))
  const result = resultColumns(row, args)
  const name = `${row.schema_name}.${row.object_name}`
  let problem: string | undefined
  if (row.overloads > 1)
    problem = `${name} is overloaded (${row.overloads} signatures); publish a routine whose name is unique in its schema.`
  else if (parameters.some((p) => p.name === '' && p.mode !== 'out'))
    problem = `${name} has unnamed parameters; parameters are passed by name, so name every one.`
  else if (args.some((a) => a.mode === 'v'))
    problem = `${name} has a VARIADIC parameter, which Sluice does not pass; declare it as a plain array parameter.`
  else if (result === undefined)
    problem = `${name} returns ${row.return_type} without OUT columns, so its result has no column names; declare RETURNS TABLE (…) or OUT parameters.`
  return {
    name: { schema: row.schema_name, name: row.object_name },
    kind: 'stored-procedure',
    columns: result ?? [],
    primaryKey: [],
    uniqueConstraints: [],
    foreignKeys: [],
    parameters,
    routine: { type: row.prokind === 'p' ? 'procedure' : 'function', resultDescribed: result !== undefined, problem },
  }
}

function resultColumns(row: RoutineRow, args: readonly ArgumentRow[]): ColumnMetadata[] | undefined {
  const outputs = args.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't')
  if (row.prokind === 'p' || outputs.length > 0)
    return outputs.map((a) => column(a.name, a.db_type, a.base_type, a.base_category))
  if (row.return_typtype === 'c' && row.composite_columns !== null) {
    return (JSON.parse(row.composite_columns) as CompositeColumnRow[]).map((c) =>
      column(c.name, c.db_type, c.base_type, c.base_category),
    )
  }
  if (row.return_type === 'void') return []
  if (row.return_typtype === 'p') return undefined
  return [column(row.object_name, row.return_type, row.return_base_type, row.return_base_category)]
}

function column(name: string, dbType: string, baseType: string, baseCategory: string): ColumnMetadata {
  return {
    name,
    type: mapPostgresType(baseType, baseCategory),
    dbType,
    nullable: true,
    hasDefault: false,
    defaultExpression: undefined,
    autoGenerated: false,
    readOnly: false,
    maxLength: undefined,
  }
}
