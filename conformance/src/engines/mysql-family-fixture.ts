import type { FixtureProcedure } from '../fixture-procedure.js'
import type { Fixture, FixtureTable, FixtureValue, NeutralType } from '../fixture.js'
import { dropMysqlFamilyProcedure, renderMysqlFamilyProcedure } from './mysql-family-procedures.js'

/** Runs one statement with positional `?` parameters (a mysql2 promise pool's `query`, or anything shaped alike). */
export type MysqlFamilyExecute = (sql: string, parameters: readonly unknown[]) => Promise<unknown>

/** The fixture half of an engine session for the MySQL family (MySQL, MariaDB). */
export interface MysqlFamilyFixture {
  /**
   * Creates the fixture's tables (InnoDB; text columns `utf8mb4` with binary collation `utf8mb4_bin`, or
   * `utf8mb4_general_ci` for `caseInsensitive` ones; `generated`
   * columns `AUTO_INCREMENT`) and inserts their rows. InnoDB moves each AUTO_INCREMENT counter past explicitly
   * inserted values by itself. Then creates the fixture's procedures (see `renderMysqlFamilyProcedure`).
   */
  apply(fixture: Fixture): Promise<void>
  /** Drops every procedure and table `apply` created. */
  reset(): Promise<void>
}

/**
 * Text is VARCHAR (a primary key cannot be TEXT without a prefix length); the suite's texts are a few characters.
 * Booleans are the family's BOOLEAN, i.e. TINYINT(1).
 */
const COLUMN_TYPES: Readonly<Record<NeutralType, string>> = {
  int: 'INT',
  bigint: 'BIGINT',
  decimal: 'DECIMAL(10,2)',
  text: 'VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin',
  boolean: 'BOOLEAN',
  date: 'DATE',
  timestamp: 'DATETIME(6)',
}

/** MySQL allows 65535 placeholders per statement; rows are inserted in batches well below that. */
const MAX_PARAMETERS = 10_000

/**
 * Fixture DDL and inserts for the MySQL family, run through `execute`: identifiers always quoted with backticks,
 * values always parameters (64-bit integers as text). Tables go into database `schema` when given (it must exist),
 * else into the connection's current database.
 */
export function createMysqlFamilyFixture(
  execute: MysqlFamilyExecute,
  options: { readonly schema?: string } = {},
): MysqlFamilyFixture {
  const created: string[] = []
  const views: string[] = []
  const routines: FixtureProcedure[] = []
  const tableName = (name: string): string =>
    options.schema === undefined ? quote(name) : `${quote(options.schema)}.${quote(name)}`
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
        await execute(renderMysqlFamilyProcedure(procedure, table, tableName), [])
        routines.push(procedure)
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
      while (views.length > 0) await execute(`DROP VIEW IF EXISTS ${views.pop()!}`, [])
      while (routines.length > 0) await execute(dropMysqlFamilyProcedure(routines.pop()!, tableName), [])
      while (created.length > 0) await execute(`DROP TABLE IF EXISTS ${created.pop()!}`, [])
    },
  }
}

function buildCreateTable(name: string, table: FixtureTable): string {
  const columns = table.columns.map((c) => {
    if (c.generated === true && c.type !== 'int' && c.type !== 'bigint')
      throw new Error(`fixture column '${table.name}.${c.name}': only int and bigint columns can be generated`)
    const type =
      c.collation === 'caseInsensitive'
        ? 'VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci'
        : COLUMN_TYPES[c.type]
    return `${quote(c.name)} ${type}${c.nullable ? ' NULL' : ' NOT NULL'}${c.generated === true ? ' AUTO_INCREMENT' : ''}`
  })
  // InnoDB wants an AUTO_INCREMENT column to lead some index; in a composite key it may not lead the primary key.
  const indexes = table.columns
    .filter((c) => c.generated === true && table.primaryKey[0] !== c.name)
    .map((c) => `, KEY (${quote(c.name)})`)
  return `CREATE TABLE ${name} (${columns.join(', ')}, PRIMARY KEY (${table.primaryKey.map(quote).join(', ')})${indexes.join('')}) ENGINE=InnoDB`
}

async function insertRows(execute: MysqlFamilyExecute, name: string, table: FixtureTable): Promise<void> {
  const width = table.columns.length
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / width))
  for (let start = 0; start < table.rows.length; start += perStatement) {
    const batch = table.rows.slice(start, start + perStatement)
    const parameters: unknown[] = []
    const tuples = batch.map((row) => {
      const slots = table.columns.map((c) => {
        parameters.push(toParameter(c.type, row[c.name] ?? null))
        return '?'
      })
      return `(${slots.join(', ')})`
    })
    await execute(
      `INSERT INTO ${name} (${table.columns.map((c) => quote(c.name)).join(', ')}) VALUES ${tuples.join(', ')}`,
      parameters,
    )
  }
}

function toParameter(type: NeutralType, value: FixtureValue): unknown {
  if (value === null) return null
  if (typeof value === 'bigint') return value.toString()
  if (type === 'boolean') return value === true ? 1 : 0
  if (type === 'timestamp' && typeof value === 'string') return value.replace('T', ' ')
  return value
}

function quote(identifier: string): string {
  return `\`${identifier.replace(/`/g, '``')}\``
}
