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
import {
  MYSQL_DEFAULT_SCHEMA_SQL,
  MYSQL_TABLES_SQL,
  mariadbJsonChecksSql,
  mysqlColumnsSql,
  mysqlKeysSql,
  mysqlRoutinesSql,
} from './mysql-introspection-sql.js'
import { MysqlRoutines, parseParameterDefaults } from './mysql-routines.js'
import type { MysqlServerInfo } from './mysql-server.js'
import { readMysqlStatistics } from './read-mysql-statistics.js'
import { mapMysqlType } from './mysql-type-map.js'

interface ColumnRow {
  readonly ord: number | string
  readonly schema_name: string
  readonly object_name: string
  readonly table_type: string
  readonly column_name: string
  readonly data_type: string
  readonly column_type: string
  readonly is_nullable: string
  readonly column_default: string | null
  readonly extra: string | null
  readonly max_length: number | string | null
}

interface RoutineRow {
  readonly ord: number | string
  readonly schema_name: string
  readonly object_name: string
  readonly routine_type: 'PROCEDURE' | 'FUNCTION'
  readonly routine_comment: string | null
  readonly mode: 'IN' | 'OUT' | 'INOUT' | null
  readonly parameter_name: string | null
  readonly data_type: string | null
  readonly column_type: string | null
}

interface KeyRow {
  readonly schema_name: string
  readonly object_name: string
  readonly kind: 'PRIMARY KEY' | 'UNIQUE' | 'FOREIGN KEY'
  readonly name: string
  readonly column_name: string
  readonly referenced_schema: string | null
  readonly referenced_name: string | null
  readonly referenced_column: string | null
}

interface TableRow {
  readonly schema_name: string
  readonly object_name: string
  readonly has_primary_key: number | string
}

interface Keys {
  primaryKey: string[]
  readonly unique: Map<string, string[]>
  readonly foreign: Map<string, ForeignKeyMetadata & { columns: string[]; referencedColumns: string[] }>
}

/**
 * Reads tables and views from information_schema in a fixed number of queries whatever the number of objects: the
 * current database, columns, keys, (MariaDB) JSON checks, and procedures with their parameters. Unqualified names
 * resolve in the connection's database (MySQL's schema); `kind` is what the server says. A procedure's result set
 * cannot be described before it runs (MySQL keeps no result metadata for procedures): its columns are empty and
 * `routine.resultDescribed` false. Procedure parameter lists are also recorded in `routines` for the compiler.
 * `listTables` lists the tables of the connection's database `autoentities` may match, in one query.
 */
export class MysqlIntrospector implements Introspector {
  constructor(
    private readonly driver: Driver,
    private readonly server: MysqlServerInfo,
    private readonly routines: MysqlRoutines = new MysqlRoutines(),
  ) {}

  async introspect(objects: readonly SourceObject[], options: Abortable = {}): Promise<DatabaseMetadata> {
    const { rows: schemaRows } = await this.driver.execute<{ default_schema: string | null }>(
      { sql: MYSQL_DEFAULT_SCHEMA_SQL, parameters: [] },
      options,
    )
    const defaultSchema = schemaRows[0]?.default_schema ?? undefined
    const result = new Map<string, ObjectMetadata>()
    await this.#readProcedures(
      objects.filter((o) => o.type === 'stored-procedure'),
      result,
      options,
    )
    const relations = objects.filter((o) => o.type !== 'stored-procedure')
    if (relations.length === 0) return { objects: result, defaultSchema }

    const parameters = relations.flatMap((o, i) => [i + 1, o.name.schema ?? null, o.name.name])
    const { rows } = await this.driver.execute<ColumnRow>(
      { sql: mysqlColumnsSql(relations.length), parameters },
      options,
    )
    const found = new Map<number, ColumnRow[]>()
    for (const row of rows) {
      const ord = Number(row.ord)
      const group = found.get(ord)
      if (group === undefined) found.set(ord, [row])
      else group.push(row)
    }
    const tables = [...found.values()].map((g) => [g[0]!.schema_name, g[0]!.object_name] as const)
    const keys = tables.length === 0 ? new Map<string, Keys>() : await this.#readKeys(tables, options)
    const json =
      tables.length === 0 || this.server.flavor !== 'mariadb'
        ? new Set<string>()
        : await this.#readJsonColumns(tables, options)

    for (const [ord, group] of found) {
      const requested = relations[ord - 1]
      if (requested === undefined) continue
      const first = group[0]!
      const tableKey = pairKey(first.schema_name, first.object_name)
      const k = keys.get(tableKey)
      result.set(qualifiedKey(requested.name), {
        name: { schema: first.schema_name, name: first.object_name },
        kind: /view/i.test(first.table_type) ? 'view' : 'table',
        columns: group.map((row) => buildColumn(row, json.has(`${tableKey}\u0000${row.column_name}`))),
        primaryKey: k?.primaryKey ?? [],
        uniqueConstraints: k === undefined ? [] : [...k.unique.values()],
        foreignKeys: k === undefined ? [] : [...k.foreign.values()],
        parameters: [],
      })
    }
    return { objects: result, defaultSchema }
  }

  /** The base tables of the connection's database, for `autoentities`, in one query (`MYSQL_TABLES_SQL`). */
  async listTables(options: Abortable = {}) {
    const { rows } = await this.driver.execute<TableRow>({ sql: MYSQL_TABLES_SQL, parameters: [] }, options)
    return rows.map((row) => ({
      name: { schema: row.schema_name, name: row.object_name },
      hasPrimaryKey: Number(row.has_primary_key) === 1,
    }))
  }

  /** Row and index-cardinality estimates for the read-cost bound, in one query (`readMysqlStatistics`). */
  readStatistics(objects: readonly QualifiedName[], options: Abortable = {}): Promise<DatabaseStatistics> {
    return readMysqlStatistics(this.driver, objects, options)
  }

  async #readProcedures(
    requested: readonly SourceObject[],
    result: Map<string, ObjectMetadata>,
    options: Abortable,
  ): Promise<void> {
    if (requested.length === 0) return
    const parameters = requested.flatMap((o, i) => [i + 1, o.name.schema ?? null, o.name.name])
    const { rows } = await this.driver.execute<RoutineRow>(
      { sql: mysqlRoutinesSql(requested.length), parameters },
      options,
    )
    const byOrd = new Map<number, RoutineRow[]>()
    for (const row of rows) {
      const ord = Number(row.ord)
      const group = byOrd.get(ord)
      if (group === undefined) byOrd.set(ord, [row])
      else if (group[0]!.routine_type === row.routine_type) group.push(row)
    }
    for (const [ord, group] of byOrd) {
      const source = requested[ord - 1]
      const first = group[0]!
      if (source === undefined) continue
      const name = { schema: first.schema_name, name: first.object_name }
      const defaults = parseParameterDefaults(first.routine_comment)
      const params: ParameterMetadata[] = group
        .filter((r) => r.mode !== null)
        .map((r) => ({
          name: r.parameter_name ?? '',
          type: mapMysqlType(r.data_type ?? '', r.column_type ?? ''),
          dbType: r.column_type ?? r.data_type ?? '',
          mode: r.mode === 'OUT' ? 'out' : r.mode === 'INOUT' ? 'inout' : 'in',
          // MySQL has no parameter defaults: only the routine COMMENT's `defaults:` clause declares them.
          hasDefault: r.mode === 'IN' && defaults.has((r.parameter_name ?? '').toLowerCase()),
        }))
      this.routines.set(qualifiedKey(name), params, defaults)
      const problem =
        first.routine_type === 'FUNCTION'
          ? `${first.schema_name}.${first.object_name} is a stored function; only procedures (CALL) can be published on MySQL.`
          : undefined
      result.set(qualifiedKey(source.name), {
        name,
        kind: 'stored-procedure',
        columns: [],
        primaryKey: [],
        uniqueConstraints: [],
        foreignKeys: [],
        parameters: params,
        routine: { type: 'procedure', resultDescribed: false, problem },
      })
    }
  }

  async #readKeys(tables: readonly (readonly [string, string])[], options: Abortable): Promise<Map<string, Keys>> {
    const { rows } = await this.driver.execute<KeyRow>(
      { sql: mysqlKeysSql(tables.length), parameters: tables.flat() },
      options,
    )
    const byTable = new Map<string, Keys>()
    for (const row of rows) {
      const tableKey = pairKey(row.schema_name, row.object_name)
      let keys = byTable.get(tableKey)
      if (keys === undefined) {
        keys = { primaryKey: [], unique: new Map(), foreign: new Map() }
        byTable.set(tableKey, keys)
      }
      if (row.kind === 'PRIMARY KEY') keys.primaryKey.push(row.column_name)
      else if (row.kind === 'UNIQUE') {
        const columns = keys.unique.get(row.name)
        if (columns === undefined) keys.unique.set(row.name, [row.column_name])
        else columns.push(row.column_name)
      } else {
        let fk = keys.foreign.get(row.name)
        if (fk === undefined) {
          fk = {
            name: row.name,
            columns: [],
            referenced: { schema: row.referenced_schema ?? undefined, name: row.referenced_name ?? '' },
            referencedColumns: [],
          }
          keys.foreign.set(row.name, fk)
        }
        fk.columns.push(row.column_name)
        fk.referencedColumns.push(row.referenced_column ?? '')
      }
    }
    return byTable
  }

  async #readJsonColumns(tables: readonly (readonly [string, string])[], options: Abortable): Promise<Set<string>> {
    const { rows } = await this.driver.execute<{ schema_name: string; object_name: string; clause: string }>(
      { sql: mariadbJsonChecksSql(tables.length), parameters: tables.flat() },
      options,
    )
    const columns = new Set<string>()
    for (const row of rows) {
      const m = /^json_valid\(`((?:[^`]|``)+)`\)$/i.exec(row.clause.trim())
      if (m !== null) columns.add(`${pairKey(row.schema_name, row.object_name)}\u0000${m[1]!.replace(/``/g, '`')}`)
    }
    return columns
  }
}

function pairKey(schema: string, name: string): string {
  return JSON.stringify([schema, name])
}

function buildColumn(row: ColumnRow, json: boolean): ColumnMetadata {
  const extra = (row.extra ?? '').toLowerCase()
  const generated = /\b(virtual|stored|persistent)\b/.test(extra) && !/default_generated/.test(extra)
  const autoIncrement = extra.includes('auto_increment')
  // MariaDB reports a default of NULL as the text 'NULL' (and quotes string literals); MySQL as SQL NULL.
  const defaultText = row.column_default === null || row.column_default === 'NULL' ? undefined : row.column_default
  return {
    name: row.column_name,
    type: mapMysqlType(row.data_type, row.column_type, json),
    dbType: row.column_type,
    nullable: row.is_nullable === 'YES',
    hasDefault: autoIncrement || (defaultText !== undefined && !generated),
    defaultExpression: generated ? undefined : defaultText,
    autoGenerated: autoIncrement,
    readOnly: generated,
    maxLength: row.max_length === null || !/char/i.test(row.data_type) ? undefined : Number(row.max_length),
  }
}
