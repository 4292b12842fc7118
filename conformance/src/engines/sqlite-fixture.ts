import type { Fixture, FixtureColumn, FixtureTable, FixtureValue, NeutralType } from '../fixture.js'

/** Runs one statement with positional `?` parameters (an `SqliteDriver`'s `execute`, or anything shaped alike). */
export type SqliteExecute = (sql: string, parameters: readonly unknown[]) => Promise<unknown>

/** The fixture half of an engine session for SQLite. */
export interface SqliteFixture {
  /** Creates the fixture's tables and views and inserts the rows (see {@link createSqliteFixture}). */
  apply(fixture: Fixture): Promise<void>
  /** Drops every view and table `apply` created. */
  reset(): Promise<void>
}

/**
 * Declared types as Sluice's SQLite dialect reads them (`INT` 32-bit, `BIGINT` 64-bit …). SQLite keeps any value in
 * any column, so the types mostly name the values' meaning; `DECIMAL(10,2)` gets a CHECK for its precision (SQLite
 * stores decimals as REAL, exact for 10 digits). Text compares by byte (BINARY, SQLite's default collation).
 */
const COLUMN_TYPES: Readonly<Record<NeutralType, string>> = {
  int: 'INT',
  bigint: 'BIGINT',
  decimal: 'DECIMAL(10,2)',
  text: 'TEXT',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'DATETIME',
}

/** SQLite allows 32766 parameters per statement; rows are inserted in batches well below that. */
const MAX_PARAMETERS = 10_000

/**
 * Fixture DDL and inserts for SQLite, run through `execute` in the connection's `main` database: identifiers always
 * quoted, values always parameters (booleans 1/0, timestamps as `YYYY-MM-DDThh:mm:ss[.f]`, the one text form the
 * dialect writes and compares). A generated key column is SQLite's rowid (`INTEGER PRIMARY KEY`), which continues
 * after the largest value inserted; SQLite can generate nothing else, so a generated part of a composite key is
 * refused (the SQLite engine declares `limits.compositeGeneratedKeys: false`, so the suite sends none), as are stored
 * procedures (SQLite has none).
 */
export function createSqliteFixture(execute: SqliteExecute): SqliteFixture {
  const created: string[] = []
  return {
    async apply(fixture) {
      if ((fixture.procedures ?? []).length > 0)
        throw new Error('SQLite has no stored procedures (its dialect declares no storedProcedures)')
      for (const table of fixture.tables) {
        await execute(buildCreateTable(table), [])
        created.push(`TABLE ${quote(table.name)}`)
        await insertRows(execute, table)
      }
      for (const view of fixture.views ?? []) {
        await execute(
          `CREATE VIEW ${quote(view.name)} AS SELECT ${view.columns.map(quote).join(', ')} FROM ${quote(view.table)}`,
          [],
        )
        created.push(`VIEW ${quote(view.name)}`)
      }
    },
    async reset() {
      while (created.length > 0) await execute(`DROP ${created.pop()!}`, [])
    },
  }
}

function buildCreateTable(table: FixtureTable): string {
  const rowid = table.columns.find((c) => c.generated === true)
  if (rowid !== undefined && table.primaryKey.length > 1) {
    throw new Error(
      `SQLite generates only the rowid, a single-column key: '${table.name}.${rowid.name}' cannot be a generated part of a composite primary key`,
    )
  }
  const columns = table.columns.map((c) =>
    c === rowid
      ? `${quote(c.name)} INTEGER PRIMARY KEY`
      : `${quote(c.name)} ${columnType(c)}${c.nullable ? '' : ' NOT NULL'}`,
  )
  return `CREATE TABLE ${quote(table.name)} (${columns.join(', ')}${rowid === undefined ? `, PRIMARY KEY (${table.primaryKey.map(quote).join(', ')})` : ''})`
}

function columnType(column: FixtureColumn): string {
  if (column.type === 'decimal')
    return `${COLUMN_TYPES.decimal} CHECK (${quote(column.name)} BETWEEN -99999999.99 AND 99999999.99)`
  if (column.collation === 'caseInsensitive') return 'TEXT COLLATE NOCASE'
  return COLUMN_TYPES[column.type]
}

async function insertRows(execute: SqliteExecute, table: FixtureTable): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length))
  for (let start = 0; start < table.rows.length; start += perStatement) {
    const batch = table.rows.slice(start, start + perStatement)
    const parameters = batch.flatMap((row) => table.columns.map((c) => toParameter(c.type, row[c.name] ?? null)))
    const tuple = `(${table.columns.map(() => '?').join(', ')})`
    await execute(
      `INSERT INTO ${quote(table.name)} (${table.columns.map((c) => quote(c.name)).join(', ')}) VALUES ${batch.map(() => tuple).join(', ')}`,
      parameters,
    )
  }
}

function toParameter(type: NeutralType, value: FixtureValue): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0
  if (type === 'timestamp' && typeof value === 'string') return value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')
  return value
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`
}
