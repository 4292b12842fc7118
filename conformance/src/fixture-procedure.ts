/**
 * An engine-neutral stored procedure over one fixture table. Engines render it in their own dialect (see
 * `renderPostgresFamilyProcedure`); the oracle computes its result from the table's rows.
 *
 * - `rows`: returns every column of the rows whose `column` (an `int` column) is at least the parameter (NULLs
 *   never match), ordered by the table's primary key — on PostgreSQL a function `RETURNS TABLE`, elsewhere a
 *   procedure whose first result set is that SELECT.
 * - `count`: returns one row `{count}` (a 64-bit integer) with the number of such rows — on PostgreSQL a procedure
 *   run by CALL with an OUT parameter `count`, elsewhere a procedure selecting `COUNT(*) AS count`.
 */
export interface FixtureProcedure {
  /** The routine's name, also the entity name. Distinct from every table name. */
  readonly name: string
  readonly kind: 'rows' | 'count'
  readonly table: string
  /** An `int` column of `table`. */
  readonly column: string
  /** The one input parameter's name (an `int`); never a column name of `table`. */
  readonly parameter: string
  /** A default the database applies when the parameter is left out; omitted = the parameter is required. */
  readonly databaseDefault?: number
}
