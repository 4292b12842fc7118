import type { ScalarType } from './scalar-type.js'
import type { FieldModel } from './field-model.js'

/**
 * How a stored-procedure entity is called, built once at start-up from config `source.parameters` joined with the
 * parameters the database declares. Parameters are the same for every role (SPEC §Stored procedures rule 3).
 */
export interface ProcedureModel {
  /**
   * The input parameters (IN and INOUT) in declaration order. OUT-only parameters are not inputs: where the engine
   * returns them, they are result columns (see `outputParameters`).
   */
  readonly parameters: readonly ParameterModel[]
  /** The same parameters by name (names compare exactly, as config writes them, without a `@` prefix). */
  readonly parametersByName: ReadonlyMap<string, ParameterModel>
  /**
   * The columns of the first result set, from the database's metadata, keyed by API name (config `fields` may alias
   * them); `undefined` when the engine cannot describe the result before running it. docs/stored-procedures.md
   * says what each engine can describe.
   */
  readonly resultFields?: readonly FieldModel[] | undefined
  /**
   * `function`: a routine called inside a query (PostgreSQL `SELECT … FROM fn(…)`, MySQL `SELECT fn(…)`);
   * `procedure`: a routine run by `CALL` / `EXEC`.
   */
  readonly routine: 'function' | 'procedure'
  /** OUT-only parameters in declaration order: engines that need a placeholder for them in the call (`CALL p(…, NULL)`). */
  readonly outputParameters: readonly string[]
}

/** One input parameter of a stored procedure. */
export interface ParameterModel {
  /** The parameter's name as the database declares it, without a `@` prefix; also its API name. */
  readonly name: string
  readonly type: ScalarType
  /** The engine's own type text (`integer`, `character varying`, `nvarchar(100)`), for typed placeholders. */
  readonly dbType: string
  /**
   * The caller must send it: config says `required: true`, or neither config nor the database gives it a default
   * (the call could not be made without it).
   */
  readonly required: boolean
  /** Config `default` as written (string, number, boolean or null): bound, after coercion, when the caller omits it. */
  readonly default?: unknown
  /** The database declares its own default: a caller may omit the parameter and the engine fills it in. */
  readonly hasDatabaseDefault: boolean
  readonly description?: string | undefined
}
