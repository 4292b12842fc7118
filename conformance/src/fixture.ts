import type { FixtureProcedure } from './fixture-procedure.js'

/**
 * An engine-neutral description of database contents: tables with columns of a few neutral types, a primary key
 * and rows. Engines translate it into their own DDL and inserts (see `createPostgresFamilyFixture`); the oracle
 * reads the same rows. Values use one JavaScript representation per type, so no precision is lost before the
 * engine sees them.
 */

/** The neutral column types; every engine maps each onto a native type with the same semantics. */
export type NeutralType = 'int' | 'bigint' | 'decimal' | 'text' | 'boolean' | 'date' | 'timestamp'

export const NEUTRAL_TYPES: readonly NeutralType[] = Object.freeze([
  'int',
  'bigint',
  'decimal',
  'text',
  'boolean',
  'date',
  'timestamp',
])

/**
 * A value of a column, by neutral type:
 * - `int` (32-bit): a safe integer `number`;
 * - `bigint` (64-bit): a `bigint`;
 * - `decimal` (precision 10, scale 2): its decimal text, e.g. `'-12.50'`;
 * - `text`: a `string` (the suite generates no leading or trailing spaces);
 * - `boolean`: a `boolean`;
 * - `date`: `'YYYY-MM-DD'` (years 1000-9999);
 * - `timestamp` (no time zone): `'YYYY-MM-DDThh:mm:ss'` with optional fraction digits, at most 6;
 * - `null` in a nullable column.
 */
export type FixtureValue = number | bigint | string | boolean | null

export type FixtureRow = Readonly<Record<string, FixtureValue>>

export interface FixtureColumn {
  /** Used verbatim as the column name and the API field name; always a filter-language identifier. */
  readonly name: string
  readonly type: NeutralType
  readonly nullable: boolean
  /**
   * The database generates the value: an identity (auto-increment) column, which Sluice reports as auto-generated
   * and never accepts in a request body. Only for non-nullable `int` or `bigint` primary-key columns. Fixture rows
   * still give its value (inserted explicitly); values the database generates afterwards are larger than every
   * value the rows gave. Omitted means false.
   */
  readonly generated?: boolean
  /**
   * `text` columns only: `caseInsensitive` asks for the engine's usual case-insensitive collation instead of the
   * binary one (PostgreSQL family: a nondeterministic ICU collation `und-u-ks-level2`; MySQL family
   * `utf8mb4_general_ci`; SQL Server `Latin1_General_100_CI_AS`), for scenarios whose answers must not depend on the
   * column's collation (`tolower()`/`toupper()`). Their oracles never compare such a column unfolded. Omitted: binary.
   */
  readonly collation?: 'binary' | 'caseInsensitive'
}

export interface FixtureTable {
  /** Used verbatim as the table name and the entity name. */
  readonly name: string
  /** In definition order. */
  readonly columns: readonly FixtureColumn[]
  /** Names of the primary-key columns, in key order (one, or several for a composite key); never nullable. */
  readonly primaryKey: readonly string[]
  /** Every row has a value (possibly `null`) for every column. */
  readonly rows: readonly FixtureRow[]
}

export interface Fixture {
  readonly tables: readonly FixtureTable[]
  /**
   * Stored procedures over the tables, created after them (engines with `capabilities.storedProcedures`; the
   * `procedures.*` scenarios use them). Omitted means none.
   */
  readonly procedures?: readonly FixtureProcedure[]
  /**
   * Views without key fields over the tables, created after them (`SELECT <columns> FROM <table>`); published as
   * `view` entities with no `primary-key` fields (the `paging.keyless-view-walk` scenario). Omitted means none.
   */
  readonly views?: readonly FixtureView[]
}

/** A keyless view: some columns of one fixture table, in the order given, duplicates and all. */
export interface FixtureView {
  /** Used verbatim as the view name and the entity name. */
  readonly name: string
  readonly table: string
  readonly columns: readonly string[]
}

/** The view's contents as the oracle reads them: the table's rows projected onto its columns, every column a key. */
export function projectFixtureView(view: FixtureView, tables: readonly FixtureTable[]): FixtureTable {
  const table = tables.find((t) => t.name === view.table)
  if (table === undefined)
    throw new Error(`fixture view '${view.name}' reads table '${view.table}', which the fixture lacks`)
  const columns = view.columns.map((name) => findFixtureColumn(table, name))
  const rows = table.rows.map((row) => Object.fromEntries(view.columns.map((name) => [name, row[name] ?? null])))
  // Sluice orders a keyless view by every column after the caller's terms: the oracle's tie-breakers, the same way.
  return { name: view.name, columns, primaryKey: [...view.columns], rows }
}

/** The column named `name` of `table`; throws when there is none (a bug in a scenario). */
export function findFixtureColumn(table: FixtureTable, name: string): FixtureColumn {
  const column = table.columns.find((c) => c.name === name)
  if (column === undefined) throw new Error(`fixture table '${table.name}' has no column '${name}'`)
  return column
}
