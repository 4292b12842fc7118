import type { FixtureProcedure } from '../fixture-procedure.js'
import { findFixtureColumn, type FixtureTable } from '../fixture.js'

/**
 * DDL for a fixture procedure on the MySQL family: a procedure whose first result set is the SELECT (`rows`: every
 * column of the matching rows in primary-key order; `count`: one row `count`). MySQL parameters cannot have
 * defaults: a `databaseDefault` is declared in the routine's COMMENT (`defaults: min_value=5`), which Sluice's
 * MySQL dialect reads and passes when the caller leaves the parameter out. `qualify` adds the database to a name.
 */
export function renderMysqlFamilyProcedure(
  procedure: FixtureProcedure,
  table: FixtureTable,
  qualify: (name: string) => string,
): string {
  findFixtureColumn(table, procedure.column)
  const where = `t.${quote(procedure.column)} >= ${quote(procedure.parameter)}`
  const comment =
    procedure.databaseDefault === undefined
      ? ''
      : ` COMMENT 'defaults: ${procedure.parameter}=${Math.trunc(procedure.databaseDefault)}'`
  const select =
    procedure.kind === 'rows'
      ? `SELECT ${table.columns.map((c) => `t.${quote(c.name)}`).join(', ')} FROM ${qualify(table.name)} AS t WHERE ${where} ORDER BY ${table.primaryKey.map((k) => `t.${quote(k)}`).join(', ')}`
      : `SELECT COUNT(*) AS \`count\` FROM ${qualify(table.name)} AS t WHERE ${where}`
  return `CREATE PROCEDURE ${qualify(procedure.name)}(IN ${quote(procedure.parameter)} INT)${comment} READS SQL DATA BEGIN ${select}; END`
}

/** Drops a fixture procedure rendered by {@link renderMysqlFamilyProcedure}. */
export function dropMysqlFamilyProcedure(procedure: FixtureProcedure, qualify: (name: string) => string): string {
  return `DROP PROCEDURE IF EXISTS ${qualify(procedure.name)}`
}

function quote(identifier: string): string {
  return `\`${identifier.replace(/`/g, '``')}\``
}
