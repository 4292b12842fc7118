import type { QualifiedName } from '../model/database-metadata.js'
import type { EntityModel } from '../model/service-model.js'
import type { PlanParameter } from './plan-parameter.js'
import type { ParamRef } from './predicate-node.js'
import type { OutputColumn } from './select-plan.js'

/** One argument of a procedure call: `name` is the parameter's database name (no `@`), passed by name. */
export interface ExecuteArgument {
  readonly name: string
  /** The parameter's declared type (`ParameterModel.dbType`), for typed placeholders or casts. */
  readonly dbType: string
  readonly value: ParamRef
}

/**
 * Run a stored procedure (or a set-returning function) and return its first result set. Dialects that declare
 * `capabilities.storedProcedures` compile it; others refuse it (the service model refuses such entities at start-up
 * anyway). No paging, filtering or ordering applies.
 *
 * Result contract — the compiled statement returns either:
 * - (`CompiledSql.result` `'json'`, the default) one row whose `data` column is the JSON array text of the rows,
 *   each an object keyed by the `columns`' API names (NULL or no row when there are none); or
 * - (`CompiledSql.result` `'rows'`) the first result set's rows themselves: core renames their columns per
 *   `columns` (keeping only those) and serializes them; with `columns` undefined every column is kept as named.
 */
export interface ExecutePlan {
  readonly kind: 'execute'
  /** Equal keys compile to equal SQL: the routine, which arguments are passed, and the output columns. */
  readonly shapeKey: string
  /** The data source of the plan's entity (`EntityModel.dataSource`): where it runs. Absent means the default. */
  readonly dataSource?: string | undefined
  /** The stored-procedure entity called (see `SelectPlan.entity`). */
  readonly entity?: EntityModel | undefined
  /** The routine, resolved (schema filled in). */
  readonly procedure: QualifiedName
  /** `function`: called inside a query (`SELECT … FROM fn(…)`); `procedure`: run by `CALL` / `EXEC`. */
  readonly routine: 'function' | 'procedure'
  /**
   * The arguments to pass, in declaration order: every parameter the caller sent or config gives a default for.
   * Parameters left out have a database default: pass the others by name so the engine fills those in.
   */
  readonly arguments: readonly ExecuteArgument[]
  /** OUT-only parameters in declaration order, for engines whose call syntax needs a placeholder for them. */
  readonly outputParameters: readonly string[]
  /** Alias of the result rows: `columns` reference it (`ColumnRef.table`). */
  readonly alias: string
  /**
   * Every column of the first result set in order, when the engine described it (lets a dialect name them, as in
   * PostgreSQL's `fn(…) AS r("a", "b")`); undefined when it could not.
   */
  readonly resultColumns: readonly string[] | undefined
  /**
   * The columns to return, keyed by API name: the `execute` permission's fields. Undefined when the engine cannot
   * describe the result (return every column as it comes).
   */
  readonly columns: readonly OutputColumn[] | undefined
  readonly parameters: readonly PlanParameter[]
}
