import { qualifiedKey } from '@sluice/core/dialect'
import type {
  Abortable,
  ColumnMetadata,
  DatabaseMetadata,
  Driver,
  ForeignKeyMetadata,
  Introspector,
  ObjectMetadata,
  ParameterMetadata,
  SourceObject,
} from '@sluice/core/dialect'
import type { DatabaseStatistics, QualifiedName } from '@sluice/core/dialect'
import { findParameterDefaults } from './find-parameter-defaults.js'
import { MSSQL_KEYS_SQL, MSSQL_OBJECTS_SQL, MSSQL_PROCEDURES_SQL, MSSQL_TABLES_SQL } from './mssql-introspection-sql.js'
import { formatMssqlType, mapMssqlType, readMssqlMaxLength } from './mssql-type-map.js'
import { readMssqlStatistics } from './read-mssql-statistics.js'

interface ObjectRow {
  readonly default_schema: string | null
  readonly ord: number | null
  readonly object_id: number | null
  readonly schema_name: string
  readonly object_name: string
  readonly object_type: 'U' | 'V' | 'P'
  readonly column_id: number | null
  readonly column_name: string
  readonly type_name: string | null
  readonly max_length: number
  readonly precision: number
  readonly scale: number
  readonly is_nullable: boolean
  readonly is_identity: boolean
  readonly is_computed: boolean
  readonly default_definition: string | null
}

interface KeyRow {
  readonly object_id: number
  readonly kind: 'p' | 'u' | 'f'
  readonly name: string
  readonly columns: string | null
  readonly referenced_schema: string | null
  readonly referenced_name: string | null
  readonly referenced_columns: string | null
}

interface ProcedureRow {
  readonly part: 'p' | 'r'
  readonly object_id: number
  readonly name: string | null
  readonly type_name: string | null
  readonly max_length: number
  readonly precision: number
  readonly scale: number
  readonly is_output: boolean
  readonly has_default_value: boolean
  readonly is_nullable: boolean
  readonly definition: string | null
}

interface TableRow {
  readonly schema_name: string
  readonly object_name: string
  readonly has_primary_key: boolean
}

interface Keys {
  primaryKey: readonly string[]
  readonly uniqueConstraints: (readonly string[])[]
  readonly foreignKeys: ForeignKeyMetadata[]
}

interface Procedure {
  readonly parameters: ParameterMetadata[]
  readonly columns: ColumnMetadata[]
}

/**
 * Reads tables, views and stored procedures from SQL Server's catalog views (sys.objects, sys.columns, sys.types,
 * sys.indexes, sys.foreign_keys, sys.parameters) in at most three queries whatever the number of objects.
 * Identity columns are auto-generated; computed and rowversion columns read-only. `listTables` lists the tables
 * `autoentities` may match in one query; `readStatistics` reads row counts and histograms in two.
 */
export class MssqlIntrospector implements Introspector {
  readonly #driver: Driver

  constructor(driver: Driver) {
    this.#driver = driver
  }

  async introspect(objects: readonly SourceObject[], options: Abortable = {}): Promise<DatabaseMetadata> {
    const requested = JSON.stringify(objects.map((o) => [o.name.schema ?? null, o.name.name]))
    const { rows } = await this.#driver.execute<ObjectRow>({ sql: MSSQL_OBJECTS_SQL, parameters: [requested] }, options)
    const defaultSchema = rows[0]?.default_schema ?? undefined
    const found = groupByRequest(rows)
    const groups = [...found.values()]
    const relationIds = unique(groups.filter((g) => g[0]!.object_type !== 'P').map((g) => g[0]!.object_id!))
    const procedureIds = unique(groups.filter((g) => g[0]!.object_type === 'P').map((g) => g[0]!.object_id!))
    const keys = relationIds.length === 0 ? new Map<number, Keys>() : await this.#readKeys(relationIds, options)
    const procedures =
      procedureIds.length === 0 ? new Map<number, Procedure>() : await this.#readProcedures(procedureIds, options)

    const result = new Map<string, ObjectMetadata>()
    for (const [ord, group] of found) {
      const object = objects[ord - 1]
      if (object === undefined) continue
      result.set(
        qualifiedKey(object.name),
        buildObject(group, keys.get(group[0]!.object_id!), procedures.get(group[0]!.object_id!)),
      )
    }
    return { objects: result, defaultSchema }
  }

  /** The tables `autoentities` may match, in every user schema, in one query (`MSSQL_TABLES_SQL`). */
  async listTables(options: Abortable = {}) {
    const { rows } = await this.#driver.execute<TableRow>({ sql: MSSQL_TABLES_SQL, parameters: [] }, options)
    return rows.map((row) => ({
      name: { schema: row.schema_name, name: row.object_name },
      hasPrimaryKey: row.has_primary_key,
    }))
  }

  /** Row counts and histogram figures for the read-cost bound (`readMssqlStatistics`). */
  readStatistics(objects: readonly QualifiedName[], options: Abortable = {}): Promise<DatabaseStatistics> {
    return readMssqlStatistics(this.#driver, objects, options)
  }

  async #readKeys(ids: readonly number[], options: Abortable): Promise<Map<number, Keys>> {
    const { rows } = await this.#driver.execute<KeyRow>(
      { sql: MSSQL_KEYS_SQL, parameters: [JSON.stringify(ids)] },
      options,
    )
    const byId = new Map<number, Keys>()
    for (const row of rows) {
      let keys = byId.get(row.object_id)
      if (keys === undefined) {
        keys = { primaryKey: [], uniqueConstraints: [], foreignKeys: [] }
        byId.set(row.object_id, keys)
      }
      const columns = readNames(row.columns)
      if (row.kind === 'p') keys.primaryKey = columns
      else if (row.kind === 'u') keys.uniqueConstraints.push(columns)
      else {
        keys.foreignKeys.push({
          name: row.name,
          columns,
          referenced: { schema: row.referenced_schema ?? undefined, name: row.referenced_name ?? '' },
          referencedColumns: readNames(row.referenced_columns),
        })
      }
    }
    return byId
  }

  async #readProcedures(ids: readonly number[], options: Abortable): Promise<Map<number, Procedure>> {
    const { rows } = await this.#driver.execute<ProcedureRow>(
      { sql: MSSQL_PROCEDURES_SQL, parameters: [JSON.stringify(ids)] },
      options,
    )
    const byId = new Map<number, Procedure>()
    for (const row of rows) {
      let procedure = byId.get(row.object_id)
      if (procedure === undefined) {
        procedure = { parameters: [], columns: [] }
        byId.set(row.object_id, procedure)
      }
      const typeName = row.type_name ?? 'sql_variant'
      const dbType = formatMssqlType(typeName, row.max_length, row.precision, row.scale)
      if (row.part === 'p') {
        const name = row.name ?? ''
        const hasDefault = row.has_default_value || findParameterDefaults(row.definition).has(name.toLowerCase())
        procedure.parameters.push({
          name,
          type: mapMssqlType(typeName),
          dbType,
          mode: row.is_output ? 'inout' : 'in',
          hasDefault,
        })
      } else {
        procedure.columns.push({
          name: row.name ?? '',
          type: mapMssqlType(typeName),
          dbType,
          nullable: row.is_nullable,
          hasDefault: false,
          defaultExpression: undefined,
          autoGenerated: false,
          readOnly: true,
          maxLength: readMssqlMaxLength(typeName, row.max_length),
        })
      }
    }
    return byId
  }
}

/** Rows of found objects grouped by request position (1-based `ord`), in request order. */
function groupByRequest(rows: readonly ObjectRow[]): Map<number, ObjectRow[]> {
  const groups = new Map<number, ObjectRow[]>()
  for (const row of rows) {
    if (row.ord === null || row.object_id === null) continue
    const group = groups.get(row.ord)
    if (group === undefined) groups.set(row.ord, [row])
    else group.push(row)
  }
  return groups
}

function buildObject(
  rows: readonly ObjectRow[],
  keys: Keys | undefined,
  procedure: Procedure | undefined,
): ObjectMetadata {
  const first = rows[0]!
  const name = { schema: first.schema_name, name: first.object_name }
  if (first.object_type === 'P') {
    return {
      name,
      kind: 'stored-procedure',
      columns: procedure?.columns ?? [],
      primaryKey: [],
      uniqueConstraints: [],
      foreignKeys: [],
      parameters: procedure?.parameters ?? [],
      // EXEC; SQL Server describes the first result set unless it depends on run time (dynamic SQL, temp tables).
      routine: { type: 'procedure', resultDescribed: (procedure?.columns.length ?? 0) > 0 },
    }
  }
  return {
    name,
    kind: first.object_type === 'V' ? 'view' : 'table',
    columns: rows.filter((row) => row.column_id !== null).map(buildColumn),
    primaryKey: keys?.primaryKey ?? [],
    uniqueConstraints: keys?.uniqueConstraints ?? [],
    foreignKeys: keys?.foreignKeys ?? [],
    parameters: [],
  }
}

function buildColumn(row: ObjectRow): ColumnMetadata {
  const typeName = row.type_name ?? 'sql_variant'
  const rowversion = typeName === 'timestamp'
  return {
    name: row.column_name,
    type: mapMssqlType(typeName),
    dbType: formatMssqlType(typeName, row.max_length, row.precision, row.scale),
    nullable: row.is_nullable,
    // The database fills identity and rowversion columns itself; computed columns have no default.
    hasDefault: row.is_identity || rowversion || (row.default_definition !== null && !row.is_computed),
    defaultExpression: row.default_definition ?? undefined,
    autoGenerated: row.is_identity,
    readOnly: row.is_computed || rowversion,
    maxLength: readMssqlMaxLength(typeName, row.max_length),
  }
}

/** Column names from FOR JSON PATH's `[{"n":"a"},{"n":"b"}]` (NULL when the list is empty). */
function readNames(json: string | null): string[] {
  if (json === null) return []
  return (JSON.parse(json) as { n: string }[]).map((item) => item.n)
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)]
}
