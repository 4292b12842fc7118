import type { Fixture, FixtureTable, FixtureValue, NeutralType } from '../fixture.js'

/** Runs one statement with positional `$n` parameters (a `pg.Pool`, a PGlite instance, or anything shaped alike). */
export type PostgresFamilyExecute = (sql: string, parameters: readonly unknown[]) => Promise<unknown>

/** The fixture half of an engine session for the PostgreSQL family (PostgreSQL, PGlite, wire-compatible engines). */
export interface PostgresFamilyFixture {
  /** Creates the fixture's tables (text columns with collation `C`) and inserts their rows. */
  apply(fixture: Fixture): Promise<void>
  /** Drops every table `apply` created. */
  reset(): Promise<void>
}

const COLUMN_TYPES: Readonly<Record<NeutralType, string>> = {
  int: 'integer',
  bigint: 'bigint',
  decimal: 'numeric(10,2)',
  text: 'text COLLATE "C"',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp(6) without time zone',
}

/** PostgreSQL allows 65535 parameters per statement; rows are inserted in batches well below that. */
const MAX_PARAMETERS = 10_000

/**
 * Fixture DDL and inserts for the PostgreSQL family, run through `execute`: identifiers are always quoted, values
 * always parameters (64-bit integers as text, so none loses precision on the way). Tables go into `schema` when
 * given (it must exist), else into the connection's default schema.
 */
export function createPostgresFamilyFixture(execute: PostgresFamilyExecute, options: { readonly schema?: string } = {}): PostgresFamilyFixture {
  const created: string[] = []
  const tableName = (name: string): string => (options.schema === undefined ? quote(name) : `${quote(options.schema)}.${quote(name)}`)
  return {
    async apply(fixture) {
      for (const table of fixture.tables) {
        await execute(buildCreateTable(tableName(table.name), table), [])
        created.push(tableName(table.name))
        await insertRows(execute, tableName(table.name), table)
      }
    },
    async reset() {
      while (created.length > 0) await execute(`DROP TABLE IF EXISTS ${created.pop()!}`, [])
    },
  }
}

function buildCreateTable(name: string, table: FixtureTable): string {
  const columns = table.columns.map((c) => `${quote(c.name)} ${COLUMN_TYPES[c.type]}${c.nullable ? '' : ' NOT NULL'}`)
  return `CREATE TABLE ${name} (${columns.join(', ')}, PRIMARY KEY (${table.primaryKey.map(quote).join(', ')}))`
}

async function insertRows(execute: PostgresFamilyExecute, name: string, table: FixtureTable): Promise<void> {
  const width = table.columns.length
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / width))
  for (let start = 0; start < table.rows.length; start += perStatement) {
    const batch = table.rows.slice(start, start + perStatement)
    const parameters: unknown[] = []
    const tuples = batch.map((row) => {
      const slots = table.columns.map((c) => {
        parameters.push(toParameter(row[c.name] ?? null))
        return `$${parameters.length}::${COLUMN_TYPES[c.type].replace(/ COLLATE .*$/, '')}`
      })
      return `(${slots.join(', ')})`
    })
    await execute(`INSERT INTO ${name} (${table.columns.map((c) => quote(c.name)).join(', ')}) VALUES ${tuples.join(', ')}`, parameters)
  }
}

function toParameter(value: FixtureValue): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`
}
