import type { FixtureRow, FixtureTable } from '../fixture.js'

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/

/**
 * The table with every column name GraphQL cannot carry (`Größe`) renamed to a legal one (`col_<index>`), in the
 * columns, the key and every row — so the GraphQL plugin starts over it. Legal names (SQL reserved words included)
 * are kept, so quoting is still exercised.
 */
export function toGraphQLSafeTable(table: FixtureTable): FixtureTable {
  const rename = new Map<string, string>()
  table.columns.forEach((c, i) => {
    if (!GRAPHQL_NAME.test(c.name) || c.name.startsWith('__')) rename.set(c.name, `col_${i}`)
  })
  if (rename.size === 0) return table
  const to = (name: string): string => rename.get(name) ?? name
  return {
    name: table.name,
    columns: table.columns.map((c) => ({ ...c, name: to(c.name) })),
    primaryKey: table.primaryKey.map(to),
    rows: table.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [to(k), v])) as FixtureRow),
  }
}
