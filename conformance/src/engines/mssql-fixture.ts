import type { FixtureProcedure } from '../fixture-procedure.js'
import { findFixtureColumn, type Fixture, type FixtureTable, type NeutralType } from '../fixture.js'

/**
 * Runs one T-SQL statement whose parameters are named `@p0 … @pN` by position (an `MssqlDriver`'s `execute`, or
 * anything shaped alike).
 */
export type MssqlExecute = (sql: string, parameters: readonly unknown[]) => Promise<unknown>

/** The fixture half of an engine session for SQL Server. */
export interface MssqlFixture {
  /**
   * Creates the fixture's tables in `schema` (text columns NVARCHAR with the binary collation
   * `Latin1_General_100_BIN2`, `Latin1_General_100_CI_AS` for `caseInsensitive` ones; `generated` columns `IDENTITY(1,1)`) and inserts their rows, the identity columns'
   * values explicitly under IDENTITY_INSERT — SQL Server then moves each identity past the largest inserted value.
   * Then creates the fixture's procedures (see `renderMssqlProcedure`).
   */
  apply(fixture: Fixture): Promise<void>
  /** Drops every procedure and table `apply` created. */
  reset(): Promise<void>
}

/** Text is NVARCHAR(255) (a key cannot be NVARCHAR(MAX)); the suite's texts are a few characters. */
const COLUMN_TYPES: Readonly<Record<NeutralType, string>> = {
  int: 'INT',
  bigint: 'BIGINT',
  decimal: 'DECIMAL(10,2)',
  text: 'NVARCHAR(255) COLLATE Latin1_General_100_BIN2',
  boolean: 'BIT',
  date: 'DATE',
  timestamp: 'DATETIME2(6)',
}

/** SQL Server takes at most 2100 parameters per request; rows are inserted in batches below that. */
const MAX_PARAMETERS = 2000

/**
 * Fixture DDL and inserts for SQL Server, run through `execute`: identifiers always quoted with `[ ]`, values always
 * parameters (64-bit integers as bigint, decimals, dates and timestamps as ISO text the server converts exactly).
 */
export function createMssqlFixture(execute: MssqlExecute, options: { readonly schema: string }): MssqlFixture {
  const created: string[] = []
  const views: string[] = []
  const routines: string[] = []
  const tableName = (name: string): string => `${quote(options.schema)}.${quote(name)}`
  return {
    async apply(fixture) {
      for (const table of fixture.tables) {
        await execute(buildCreateTable(tableName(table.name), table), [])
        created.push(tableName(table.name))
        await insertRows(execute, tableName(table.name), table)
      }
      for (const procedure of fixture.procedures ?? []) {
        const table = fixture.tables.find((t) => t.name === procedure.table)
        if (table === undefined)
          throw new Error(
            `fixture procedure '${procedure.name}' reads table '${procedure.table}', which the fixture lacks`,
          )
        await execute(renderMssqlProcedure(procedure, table, tableName), [])
        routines.push(tableName(procedure.name))
      }
      for (const view of fixture.views ?? []) {
        await execute(
          `CREATE VIEW ${tableName(view.name)} AS SELECT ${view.columns.map(quote).join(', ')} FROM ${tableName(view.table)}`,
          [],
        )
        views.push(tableName(view.name))
      }
    },
    async reset() {
      while (views.length > 0) {
        const name = views.pop()!
        await execute(`IF OBJECT_ID(N'${name.replace(/'/g, "''")}', N'V') IS NOT NULL DROP VIEW ${name}`, [])
      }
      while (routines.length > 0) {
        const name = routines.pop()!
        await execute(`IF OBJECT_ID(N'${name.replace(/'/g, "''")}', N'P') IS NOT NULL DROP PROCEDURE ${name}`, [])
      }
      while (created.length > 0) {
        const name = created.pop()!
        await execute(`IF OBJECT_ID(N'${name.replace(/'/g, "''")}', N'U') IS NOT NULL DROP TABLE ${name}`, [])
      }
    },
  }
}

function buildCreateTable(name: string, table: FixtureTable): string {
  const columns = table.columns.map((c) => {
    if (c.generated === true && c.type !== 'int' && c.type !== 'bigint')
      throw new Error(`fixture column '${table.name}.${c.name}': only int and bigint columns can be generated`)
    const type =
      c.collation === 'caseInsensitive' ? 'NVARCHAR(255) COLLATE Latin1_General_100_CI_AS' : COLUMN_TYPES[c.type]
    return `${quote(c.name)} ${type}${c.generated === true ? ' IDENTITY(1,1)' : ''}${c.nullable ? ' NULL' : ' NOT NULL'}`
  })
  return `CREATE TABLE ${name} (${columns.join(', ')}, PRIMARY KEY (${table.primaryKey.map(quote).join(', ')}))`
}

async function insertRows(execute: MssqlExecute, name: string, table: FixtureTable): Promise<void> {
  const width = table.columns.length
  const perStatement = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / width))) // VALUES takes at most 1000 rows
  const identity = table.columns.some((c) => c.generated === true)
  for (let start = 0; start < table.rows.length; start += perStatement) {
    const batch = table.rows.slice(start, start + perStatement)
    const parameters: unknown[] = []
    const tuples = batch.map((row) => {
      const slots = table.columns.map((c) => {
        // Decimals, dates and timestamps go as text and are CAST on the server: exact, and ISO 8601 reads the
        // same under every language setting; 64-bit integers as bigint.
        parameters.push(row[c.name] ?? null)
        return `CAST(@p${parameters.length - 1} AS ${COLUMN_TYPES[c.type].replace(/ COLLATE .*$/, '')})`
      })
      return `(${slots.join(', ')})`
    })
    const insert = `INSERT INTO ${name} (${table.columns.map((c) => quote(c.name)).join(', ')}) VALUES ${tuples.join(', ')};`
    await execute(
      identity ? `SET IDENTITY_INSERT ${name} ON; ${insert} SET IDENTITY_INSERT ${name} OFF;` : insert,
      parameters,
    )
  }
}

/**
 * T-SQL for a fixture procedure: its first result set is the SELECT (`rows`: every column of the matching rows in
 * primary-key order; `count`: one row `count`, a bigint). A `databaseDefault` is the parameter's own T-SQL default
 * (`@min_value INT = 5`), which the SQL Server introspector reads from the procedure's definition. CREATE PROCEDURE
 * must open its batch, so it runs alone.
 */
export function renderMssqlProcedure(
  procedure: FixtureProcedure,
  table: FixtureTable,
  qualify: (name: string) => string,
): string {
  findFixtureColumn(table, procedure.column)
  const parameter = `@${procedure.parameter}`
  const where = `[t].${quote(procedure.column)} >= ${parameter}`
  const select =
    procedure.kind === 'rows'
      ? `SELECT ${table.columns.map((c) => `[t].${quote(c.name)}`).join(', ')} FROM ${qualify(table.name)} AS [t] WHERE ${where} ORDER BY ${table.primaryKey.map((k) => `[t].${quote(k)}`).join(', ')}`
      : `SELECT COUNT_BIG(*) AS [count] FROM ${qualify(table.name)} AS [t] WHERE ${where}`
  const defaultValue = procedure.databaseDefault === undefined ? '' : ` = ${Math.trunc(procedure.databaseDefault)}`
  return `CREATE PROCEDURE ${qualify(procedure.name)} ${parameter} INT${defaultValue} AS BEGIN SET NOCOUNT ON; ${select}; END`
}

function quote(identifier: string): string {
  return `[${identifier.replace(/]/g, ']]')}]`
}
