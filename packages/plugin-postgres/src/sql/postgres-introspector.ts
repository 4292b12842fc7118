import { qualifiedKey } from '@sluice/core/dialect'
import type {
  Abortable,
  ColumnMetadata,
  DatabaseMetadata,
  DatabaseStatistics,
  Driver,
  ForeignKeyMetadata,
  Introspector,
  ObjectMetadata,
  QualifiedName,
  SourceObject,
} from '@sluice/core/dialect'
import { POSTGRES_CONSTRAINTS_SQL, POSTGRES_RELATIONS_SQL, POSTGRES_TABLES_SQL } from './postgres-introspection-sql.js'
import { mapPostgresType } from './postgres-type-map.js'
import { readPostgresRoutines } from './read-postgres-routines.js'
import { readPostgresStatistics } from './read-postgres-statistics.js'

interface RelationRow {
  readonly default_schema: string | null
  readonly ord: number | null
  readonly oid: string | null
  readonly schema_name: string
  readonly object_name: string
  readonly relkind: string
  readonly attnum: number | null
  readonly column_name: string
  readonly db_type: string
  readonly not_null: boolean
  readonly has_default: boolean
  readonly identity: string
  readonly generated: string
  readonly default_expression: string | null
  readonly base_type: string
  readonly base_category: string
  readonly max_length: number | null
}

interface ConstraintRow {
  readonly oid: string
  readonly kind: 'p' | 'u' | 'f' | 'i'
  readonly name: string
  readonly columns: readonly string[]
  readonly referenced_schema: string | null
  readonly referenced_name: string | null
  readonly referenced_columns: readonly string[] | null
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

/**
 * Reads tables and views (including partitioned, foreign and materialized ones) from `pg_catalog` in two queries
 * whatever the number of objects (see `POSTGRES_RELATIONS_SQL` and `POSTGRES_CONSTRAINTS_SQL`). Unqualified names
 * resolve through the search path; `kind` is what the database says. Stored-procedure entities are looked up among
 * functions and procedures in one more query (see `readPostgresRoutines`). `listTables` lists the tables
 * `autoentities` may match in one query; `readStatistics` the planner's row and value-frequency estimates in one more.
 * Driver-free: PostgreSQL and PGlite share it.
 */
export class PostgresIntrospector implements Introspector {
  readonly #driver: Driver

  constructor(driver: Driver) {
    this.#driver = driver
  }

  async introspect(objects: readonly SourceObject[], options: Abortable = {}): Promise<DatabaseMetadata> {
    const relations = objects.filter((object) => object.type !== 'stored-procedure')
    const { rows } = await this.#driver.execute<RelationRow>(
      {
        sql: POSTGRES_RELATIONS_SQL,
        parameters: [
          relations.map((object) => object.name.schema ?? null),
          relations.map((object) => object.name.name),
        ],
      },
      options,
    )
    const defaultSchema = rows[0]?.default_schema ?? undefined
    const found = groupByRequest(rows)
    const oids = [...new Set([...found.values()].map((group) => group[0]!.oid!))]
    const keys = oids.length === 0 ? new Map<string, Keys>() : await this.#readKeys(oids, options)

    const result = new Map<string, ObjectMetadata>()
    for (const [ord, group] of found) {
      const requested = relations[ord - 1]
      if (requested === undefined) continue
      result.set(qualifiedKey(requested.name), buildObject(group, keys.get(group[0]!.oid!)))
    }
    const routines = await readPostgresRoutines(
      this.#driver,
      objects.filter((object) => object.type === 'stored-procedure'),
      options,
    )
    for (const [key, routine] of routines.objects) result.set(key, routine)
    return { objects: result, defaultSchema: defaultSchema ?? routines.defaultSchema }
  }

  /** The tables `autoentities` may match, in every non-system schema, in one query (`POSTGRES_TABLES_SQL`). */
  async listTables(options: Abortable = {}) {
    const { rows } = await this.#driver.execute<TableRow>({ sql: POSTGRES_TABLES_SQL, parameters: [] }, options)
    return rows.map((row) => ({
      name: { schema: row.schema_name, name: row.object_name },
      hasPrimaryKey: row.has_primary_key,
    }))
  }

  /** The planner's estimates for the read-cost bound, in one query (`readPostgresStatistics`). */
  readStatistics(objects: readonly QualifiedName[], options: Abortable = {}): Promise<DatabaseStatistics> {
    return readPostgresStatistics(this.#driver, objects, options)
  }

  async #readKeys(oids: readonly string[], options: Abortable): Promise<Map<string, Keys>> {
    const { rows } = await this.#driver.execute<ConstraintRow>(
      { sql: POSTGRES_CONSTRAINTS_SQL, parameters: [oids] },
      options,
    )
    const byOid = new Map<string, Keys>()
    for (const row of rows) {
      let keys = byOid.get(row.oid)
      if (keys === undefined) {
        keys = { primaryKey: [], uniqueConstraints: [], foreignKeys: [] }
        byOid.set(row.oid, keys)
      }
      if (row.kind === 'p') keys.primaryKey = row.columns
      else if (row.kind === 'u' || row.kind === 'i') keys.uniqueConstraints.push(row.columns)
      else {
        keys.foreignKeys.push({
          name: row.name,
          columns: row.columns,
          referenced: { schema: row.referenced_schema ?? undefined, name: row.referenced_name ?? '' },
          referencedColumns: row.referenced_columns ?? [],
        })
      }
    }
    return byOid
  }
}

/** Rows of found objects grouped by request position (1-based `ord`), in request order. */
function groupByRequest(rows: readonly RelationRow[]): Map<number, RelationRow[]> {
  const groups = new Map<number, RelationRow[]>()
  for (const row of rows) {
    if (row.ord === null || row.oid === null) continue
    const group = groups.get(row.ord)
    if (group === undefined) groups.set(row.ord, [row])
    else group.push(row)
  }
  return groups
}

function buildObject(rows: readonly RelationRow[], keys: Keys | undefined): ObjectMetadata {
  const first = rows[0]!
  return {
    name: { schema: first.schema_name, name: first.object_name },
    kind: first.relkind === 'v' || first.relkind === 'm' ? 'view' : 'table',
    columns: rows.filter((row) => row.attnum !== null).map(buildColumn),
    primaryKey: keys?.primaryKey ?? [],
    uniqueConstraints: keys?.uniqueConstraints ?? [],
    foreignKeys: keys?.foreignKeys ?? [],
    parameters: [],
  }
}

function buildColumn(row: RelationRow): ColumnMetadata {
  const generated = row.generated !== ''
  const identity = row.identity !== ''
  const defaultExpression = generated ? undefined : (row.default_expression ?? undefined)
  return {
    name: row.column_name,
    type: mapPostgresType(row.base_type, row.base_category),
    dbType: row.db_type,
    nullable: !row.not_null,
    hasDefault: identity || (row.has_default && !generated),
    defaultExpression,
    autoGenerated: identity || (defaultExpression !== undefined && defaultExpression.startsWith('nextval(')),
    readOnly: generated,
    maxLength: row.max_length ?? undefined,
  }
}
