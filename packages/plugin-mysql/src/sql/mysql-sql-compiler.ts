import {
  invariant,
  qualifiedKey,
  type DeletePlan,
  type InsertPlan,
  type ParameterSink,
  type ExecutePlan,
  type ReturnedRecord,
  type TableRef,
  type UpdatePlan,
  type UpsertPlan,
} from '@sluice/core/dialect'
import { IF_FOUND, THEN } from './mysql-batch.js'
import { mysqlCastType } from './mysql-cast-type.js'
import { findKeyParameter } from './find-key-parameter.js'
import { MysqlRoutines } from './mysql-routines.js'
import { MysqlServerInfo } from './mysql-server.js'

import { MysqlReadSqlCompiler } from './mysql-read-sql-compiler.js'

/**
 * The MySQL family's whole compiler: reads from {@link MysqlReadSqlCompiler}, and writes — `RETURNING` where the
 * server has it (MariaDB INSERT and DELETE), otherwise a batch (see `mysql-batch.ts`) that writes and reads the row
 * back in one transaction — and procedure calls (`CALL`, every declared parameter by position).
 */
export class MysqlSqlCompiler extends MysqlReadSqlCompiler {
  constructor(
    server: MysqlServerInfo = new MysqlServerInfo(),
    private readonly routines: MysqlRoutines = new MysqlRoutines(),
  ) {
    super(server)
  }

  protected override compileInsert(plan: InsertPlan, sink: ParameterSink): string {
    if (this.server.flavor === 'mariadb') return super.compileInsert(plan, sink)
    const insert = `INSERT INTO ${this.qualifiedName(plan.table.name)}${this.insertValues(plan, sink)}`
    // The key of the inserted row: the value written, or the one AUTO_INCREMENT generated.
    const key = () =>
      plan.returning.keyColumns.map((c) => {
        const written = plan.values.find((v) => v.column === c.column)
        const value =
          written === undefined || written.value.kind === 'default'
            ? 'LAST_INSERT_ID()'
            : sink.placeholder(written.value)
        return `${this.column(c)} = ${value}`
      })
    return `${insert}${IF_FOUND}${this.readBack(plan.table, plan.returning, key, sink)}`
  }

  protected override compileUpdate(plan: UpdatePlan, sink: ParameterSink): string {
    // Nothing to change (PATCH with an empty body): read the row, so an absent row is still told apart.
    if (plan.set.length === 0) return this.readRow(plan, sink)
    const update = `UPDATE ${this.tableRef(plan.table)} SET ${this.assignments(plan.set, sink)}${this.where(plan.where, sink)}`
    // Read back by key: the policy in `where` may no longer hold for the row as written.
    const key = () =>
      plan.returning.keyColumns.map((c) => {
        const written = plan.set.find((v) => v.column === c.column && v.value.kind === 'param')
        const ref =
          written !== undefined && written.value.kind === 'param' ? written.value : findKeyParameter(plan.where, c)
        invariant(ref !== undefined, `update of ${c.column}: the key is bound in the row predicate`)
        return `${this.column(c)} = ${sink.placeholder(ref)}`
      })
    return `${update}${IF_FOUND}${this.readBack(plan.table, plan.returning, key, sink)}`
  }

  protected compileUpsert(_plan: UpsertPlan, _sink: ParameterSink): string {
    throw new Error('the MySQL family declares no native upsert; core plans update-or-insert instead')
  }

  protected override compileDelete(plan: DeletePlan, sink: ParameterSink): string {
    if (this.server.flavor === 'mariadb') {
      // MariaDB takes no alias in a single-table DELETE: its columns are referenced bare.
      return this.withReturningColumns(
        () =>
          `DELETE FROM ${this.qualifiedName(plan.table.name)}${this.where(plan.where, sink)} RETURNING 1 AS \`deleted\``,
      )
    }
    const t = this.quoteIdentifier(plan.table.alias)
    return `DELETE ${t} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${IF_FOUND}SELECT 1 AS \`deleted\``
  }

  /**
   * `CALL db.proc(…)` with every declared parameter by position (MySQL has neither named arguments nor parameter
   * defaults): IN parameters the plan passes get their value, others the default the routine's COMMENT declares
   * (a literal from the database's own metadata), else NULL; OUT and INOUT ones are session variables
   * (`@sluice_p<n>`), an INOUT value set just before the call in the same batch. The driver returns the first result
   * set's rows; core names and serializes them (`executeResult` 'rows').
   */
  protected override compileExecute(plan: ExecutePlan, sink: ParameterSink): string {
    const declared = this.routines.get(qualifiedKey(plan.procedure)) ?? [
      ...plan.arguments.map((a) => ({ name: a.name, mode: 'in' as const })),
      ...plan.outputParameters.map((name) => ({ name, mode: 'out' as const })),
    ]
    const variable = (i: number): string => `@\`sluice_p${i}\``
    const given = (name: string) => plan.arguments.find((a) => a.name === name)
    // Rendered in textual order: the SETs, then the CALL's arguments.
    const setup = declared.flatMap((p, i) => {
      if (p.mode !== 'inout') return []
      const value = given(p.name)
      return [`SET ${variable(i)} = ${value === undefined ? 'NULL' : sink.placeholder(value.value)}`]
    })
    const key = qualifiedKey(plan.procedure)
    const args = declared.map((p, i) => {
      if (p.mode !== 'in') return variable(i)
      const value = given(p.name)
      if (value !== undefined) return sink.placeholder(value.value)
      // Left out: the default the routine's COMMENT declares (see parseParameterDefaults), else NULL.
      const declaredDefault = this.routines.defaultOf(key, p.name.toLowerCase())
      return declaredDefault === undefined ? 'NULL' : this.quoteString(declaredDefault)
    })
    return [...setup, `CALL ${this.qualifiedName(plan.procedure)}(${args.join(', ')})`].join(THEN)
  }

  protected override executeResult(_plan: ExecutePlan): 'json' | 'rows' {
    return 'rows'
  }

  protected override noValues(): string {
    return ' () VALUES ()'
  }

  protected override castTo(value: string, dbType: string): string {
    return `CAST(${value} AS ${mysqlCastType(dbType, this.server.flavor)})`
  }
  /**
   * The SELECT that reads the written row back by key (one row, or none). `key` renders the key comparisons; it is
   * called after the select list, so placeholders are recorded in textual order.
   */
  protected readBack(
    table: TableRef,
    returning: ReturnedRecord,
    key: () => readonly string[],
    sink: ParameterSink,
  ): string {
    const selected = this.returned(returning, sink, false)
    return `SELECT ${selected} FROM ${this.tableRef(table)} WHERE ${key().join(' AND ')}`
  }
}
