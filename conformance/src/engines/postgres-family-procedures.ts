import type { FixtureProcedure } from '../fixture-procedure.js'
import { findFixtureColumn, type FixtureTable, type NeutralType } from '../fixture.js'

/** Result column types (no collation: a function's result columns take the table's values as they are). */
const RESULT_TYPES: Readonly<Record<NeutralType, string>> = {
  int: 'integer',
  bigint: 'bigint',
  decimal: 'numeric(10,2)',
  text: 'text',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamp(6) without time zone',
}

/**
 * DDL for a fixture procedure on the PostgreSQL family: `rows` as a SQL function `RETURNS TABLE` (every column
 * qualified by a table alias, the parameter by the function name, so no name can be taken for another), `count` as
 * a PL/pgSQL procedure with an OUT parameter. `qualify` adds the schema to a name.
 */
export function renderPostgresFamilyProcedure(
  procedure: FixtureProcedure,
  table: FixtureTable,
  qualify: (name: string) => string,
): string {
  findFixtureColumn(table, procedure.column)
  const name = qualify(procedure.name)
  const parameter = `${quote(procedure.parameter)} integer${procedure.databaseDefault === undefined ? '' : ` DEFAULT ${Math.trunc(procedure.databaseDefault)}`}`
  const where = `t.${quote(procedure.column)} >= ${quote(procedure.name)}.${quote(procedure.parameter)}`
  if (procedure.kind === 'rows') {
    const columns = table.columns.map((c) => `${quote(c.name)} ${RESULT_TYPES[c.type]}`).join(', ')
    const select = table.columns.map((c) => `t.${quote(c.name)}`).join(', ')
    const order = table.primaryKey.map((k) => `t.${quote(k)}`).join(', ')
    return (
      `CREATE FUNCTION ${name}(${parameter}) RETURNS TABLE (${columns}) LANGUAGE sql STABLE AS $fn$ ` +
      `SELECT ${select} FROM ${qualify(table.name)} AS t WHERE ${where} ORDER BY ${order} $fn$`
    )
  }
  // An OUT parameter may not follow one with a default, so it comes first.
  return (
    `CREATE PROCEDURE ${name}(OUT "count" bigint, ${parameter}) LANGUAGE plpgsql AS $fn$ BEGIN ` +
    `SELECT count(*) INTO "count" FROM ${qualify(table.name)} AS t WHERE ${where}; END $fn$`
  )
}

/** Drops a fixture procedure rendered by {@link renderPostgresFamilyProcedure}. */
export function dropPostgresFamilyProcedure(procedure: FixtureProcedure, qualify: (name: string) => string): string {
  return `DROP ${procedure.kind === 'rows' ? 'FUNCTION' : 'PROCEDURE'} IF EXISTS ${qualify(procedure.name)}`
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`
}
