import {
  JsonObjectSqlCompiler,
  type CompiledSql,
  type ComparePredicate,
  type QualifiedName,
  type QueryPlan,
  type CaseFold,
  type ColumnRef,
  type InsertPlan,
  type ParameterSink,
  type PlanParameter,
  type ScalarType,
  type TableRef,
  type UpsertPlan,
  type WriteValue,
} from '@sluice/core/dialect'
import { SqliteColumnDefaults } from './sqlite-column-defaults.js'
import { toSqliteDateTime } from './to-sqlite-date-time.js'

/**
 * SQLite SQL with positional `?` placeholders: the statements of `JsonObjectSqlCompiler` in SQLite's spellings
 * (`json_object`, `group_concat(… ORDER BY …)`, `||`), writes through `RETURNING`. What SQLite needs beyond
 * spellings: no `DEFAULT` keyword in VALUES or SET, booleans stored as 0/1, dates and date-times stored as text of
 * different lengths, and folding and base64 through the functions `sluice_lower`, `sluice_upper` and
 * `sluice_base64` the driver registers (SQLite's own fold ASCII only).
 */
export class SqliteSqlCompiler extends JsonObjectSqlCompiler {
  protected readonly numberedParameters = false
  /** The tables of the statement being compiled, by alias (see `comparison` and `writeValue`). */
  readonly #tables = new Map<string, QualifiedName>()
  #written: TableRef | undefined

  constructor(private readonly defaults: SqliteColumnDefaults = new SqliteColumnDefaults()) {
    super()
  }

  override compile(plan: QueryPlan): CompiledSql {
    this.#tables.clear()
    this.#written = (plan as { readonly table?: TableRef }).table
    if (this.#written !== undefined) this.#tables.set(this.#written.alias, this.#written.name)
    return super.compile(plan)
  }

  protected override tableRef(table: TableRef): string {
    this.#tables.set(table.alias, table.name)
    return super.tableRef(table)
  }

  protected quoteIdentifier(name: string): string {
    return `"${name.replace(/"/g, '""')}"`
  }

  protected placeholder(): string {
    return '?'
  }

  /** Values as better-sqlite3 binds them: booleans as 1/0, 64-bit integers as bigint, date-times in one text form. */
  protected override convertParameter(parameter: PlanParameter): unknown {
    const value = parameter.value
    if (value === null || value === undefined) return null
    if (parameter.type === 'boolean' || typeof value === 'boolean')
      return value === true || value === 1 || value === 'true' || value === '1' ? 1 : 0
    if (parameter.type === 'long' && (typeof value === 'string' || typeof value === 'number')) return BigInt(value)
    if (parameter.type === 'datetime' && typeof value === 'string') return toSqliteDateTime(value)
    if (value instanceof Uint8Array && !Buffer.isBuffer(value))
      return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    return value
  }

  /**
   * A date column against a date-time column: SQLite keeps dates as `YYYY-MM-DD` and date-times as
   * `YYYY-MM-DDThh:mm:ss[.f]`, so the date is compared as its midnight, as the other engines compare them.
   */
  protected override comparison(node: ComparePredicate, sink: ParameterSink): string {
    const { left, right } = node
    if (left.kind !== 'column' || right.kind !== 'column') return super.comparison(node, sink)
    const types = [this.#typeOf(left), this.#typeOf(right)]
    if (!types.includes('date') || !types.includes('datetime')) return super.comparison(node, sink)
    const side = (c: ColumnRef, type: ScalarType | undefined): string =>
      type === 'date' ? `(${this.column(c)} || 'T00:00:00')` : this.column(c)
    return `${side(left, types[0])} ${this.comparisonOperator(node.op)} ${side(right, types[1])}`
  }

  #typeOf(ref: ColumnRef): ScalarType | undefined {
    const table = this.#tables.get(ref.table)
    return table === undefined ? undefined : this.defaults.type(table, ref.column)
  }

  /**
   * Folded by the driver's Unicode functions, then compared by code point: an explicit `COLLATE BINARY` wins over a
   * column's own collation on the other side (`tolower(label) eq label` with a NOCASE `label` must not match 'A').
   */
  protected override caseFold(fold: CaseFold, operand: string): string {
    return `(sluice_${fold}(${operand}) COLLATE BINARY)`
  }

  /** In RETURNING the written table goes by its name, which a sub-query's own columns cannot shadow. */
  protected override returningColumn(ref: ColumnRef): string {
    return `${this.quoteIdentifier(this.#written!.name.name)}.${this.quoteIdentifier(ref.column)}`
  }

  protected jsonObject(pairs: readonly string[]): string {
    return `json_object(${pairs.join(', ')})`
  }

  protected jsonArray(values: readonly string[]): string {
    return `json_array(${values.join(', ')})`
  }

  protected asText(expr: string): string {
    return `CAST(${expr} AS TEXT)`
  }

  protected concat(parts: readonly string[]): string {
    return parts.join(' || ')
  }

  protected stringAgg(value: string, order: string, separator: string): string {
    return `group_concat(${value}, ${separator}${order === '' ? '' : ` ${order}`})`
  }

  protected nestJson(text: string): string {
    return `json(${text})`
  }

  protected recordSeparator(): string {
    return `',' || char(10)`
  }

  protected override conditional(condition: string, then: string, otherwise: string): string {
    return `iif(${condition}, ${then}, ${otherwise})`
  }

  /** A column as its JSON value: booleans (stored 0/1) as true/false, JSON text as JSON, bytes in base64. */
  protected jsonValue(column: string, type: ScalarType): string {
    switch (type) {
      case 'boolean':
        return `json(CASE WHEN ${column} IS NULL THEN 'null' WHEN ${column} THEN 'true' ELSE 'false' END)`
      case 'json':
        return `json(${column})`
      case 'bytes':
        return `sluice_base64(${column})`
      default:
        return column
    }
  }

  protected override asDouble(expr: string): string {
    return `CAST(${expr} AS REAL)`
  }

  /** SQLite has no `DEFAULT` in SET: a column reset to its default gets the default expression of its schema. */
  protected override writeValue(value: WriteValue, sink: ParameterSink): string {
    return value.value.kind === 'default'
      ? this.defaults.expression(this.#written!.name, value.column)
      : sink.placeholder(value.value)
  }

  /** SQLite has no `DEFAULT` in VALUES: columns left to their defaults are left out. */
  protected override insertValues(plan: InsertPlan, sink: ParameterSink): string {
    if (plan.guard !== undefined) return this.guardedValues(plan, plan.guard, sink)
    const given = plan.values.filter((v) => v.value.kind !== 'default')
    if (given.length === 0) return this.noValues()
    return ` (${given.map((v) => this.quoteIdentifier(v.column)).join(', ')}) VALUES (${given.map((v) => this.writeValue(v, sink)).join(', ')})`
  }

  protected compileUpsert(_plan: UpsertPlan, _sink: ParameterSink): string {
    throw new Error('SQLite declares no native upsert; core plans update-or-insert instead')
  }

  /** A column without a declared type takes its value as it comes. */
  protected override castTo(value: string, dbType: string): string {
    return dbType.trim() === '' ? value : `CAST(${value} AS ${dbType})`
  }

  protected override emptyInsertSelectList(): string {
    return 'NULL'
  }
}
