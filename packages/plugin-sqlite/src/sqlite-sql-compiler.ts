import { BaseSqlCompiler, hasExactJsonForm, invariant, type AggregatePlan, type CompiledSql, type ComparePredicate, type QualifiedName, type QueryPlan, type CaseFold, type ColumnRef, type InsertGuard, type InsertPlan, type NestedSelect, type OutputColumn, type ParameterSink, type ParamRef, type PlanParameter, type ReturnedRecord, type ScalarType, type SelectPlan, type TableRef, type UpdatePlan, type UpsertPlan, type WriteValue } from '@sluice/core/dialect'
import { SqliteColumnDefaults } from './sqlite-column-defaults.js'
import { toSqliteDateTime } from './to-sqlite-date-time.js'

const NO_NESTED: readonly NestedSelect[] = Object.freeze([])

/**
 * SQLite SQL with positional `?` placeholders (every part is rendered in the order it stands in the text). SQLite
 * builds the response JSON: `json_object` per row and, for a page, `group_concat(… ORDER BY n)` over up to
 * limit + 1 numbered rows, the records separated by `,\n` as core counts them. Writes return the row with
 * `RETURNING`, which names the written table (not its alias). Folding and base64 use the functions
 * `sluice_lower`, `sluice_upper` and `sluice_base64` the driver registers (SQLite's own fold ASCII only).
 */
export class SqliteSqlCompiler extends BaseSqlCompiler {
  protected readonly numberedParameters = false
  /** Set while rendering a RETURNING clause: references to this alias name the table instead. */
  #returning: TableRef | undefined

  /** The tables of the statement being compiled, by alias (see `comparison`). */
  readonly #tables = new Map<string, QualifiedName>()

  constructor(private readonly defaults: SqliteColumnDefaults = new SqliteColumnDefaults()) {
    super()
  }

  override compile(plan: QueryPlan): CompiledSql {
    this.#tables.clear()
    const table = (plan as { readonly table?: TableRef }).table
    if (table !== undefined) this.#tables.set(table.alias, table.name)
    return super.compile(plan)
  }

  protected override tableRef(table: TableRef): string {
    this.#tables.set(table.alias, table.name)
    return super.tableRef(table)
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
    const side = (c: ColumnRef, type: ScalarType | undefined): string => (type === 'date' ? `(${this.column(c)} || 'T00:00:00')` : this.column(c))
    return `${side(left, types[0])} ${this.comparisonOperator(node.op)} ${side(right, types[1])}`
  }

  #typeOf(ref: ColumnRef): ScalarType | undefined {
    const table = this.#tables.get(ref.table)
    return table === undefined ? undefined : this.defaults.type(table, ref.column)
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
    if (parameter.type === 'boolean' || typeof value === 'boolean') return value === true || value === 1 || value === 'true' || value === '1' ? 1 : 0
    if (parameter.type === 'long' && (typeof value === 'string' || typeof value === 'number')) return BigInt(value)
    if (parameter.type === 'datetime' && typeof value === 'string') return toSqliteDateTime(value)
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    return value
  }

  protected override column(ref: ColumnRef): string {
    const written = this.#returning
    return written !== undefined && ref.table === written.alias ? `${this.quoteIdentifier(written.name.name)}.${this.quoteIdentifier(ref.column)}` : super.column(ref)
  }

  protected override caseFold(fold: CaseFold, operand: string): string {
    return `sluice_${fold}(${operand})`
  }

  protected compileSelect(plan: SelectPlan, sink: ParameterSink): string {
    if (plan.aggregate !== undefined) return this.aggregateSelect(plan, plan.aggregate, sink)
    const relations = plan.relations ?? NO_NESTED
    const marker = plan.nestedCursors?.marker
    invariant(plan.result.mode !== 'stream', 'SQLite declares no streamingReads')
    if (plan.result.mode === 'single') {
      return `SELECT ${this.record(plan.columns, relations, sink, marker)} AS "data" FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} LIMIT 1`
    }
    const { limit, fetch, cursorColumns } = plan.result
    const outputs = cursorColumns.map((c) => plan.columns.find((o) => o.column.table === c.table && o.column.column === c.column))
    // Core reads the cursor from the record when the JSON holds every ordering value exactly (SQLite prints REALs with 15 digits).
    const fromRecord = outputs.every((o) => o !== undefined && hasExactJsonForm(o.type) && o.type !== 'float' && o.type !== 'single')
    const L = this.integerLiteral(limit)
    const cursor = fromRecord ? '' : `, max(CASE WHEN p."n" = ${L} THEN json_array(${cursorColumns.map((_, i) => `p."c${i}"`).join(', ')}) END) AS "cursor"`
    const count = plan.count === undefined ? '' : `, ${this.countRows(this.tableRef(plan.table), [plan.count.where], sink)} AS "count"`
    const order = this.orderBy(plan.orderBy)
    const rows = `SELECT ${this.record(plan.columns, relations, sink, marker)} AS "j", row_number() OVER (${order.trim()}) AS "n"${fromRecord ? '' : this.carried(cursorColumns)} `
      + `FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${order} LIMIT ${this.integerLiteral(fetch)}${this.offset(plan.result, sink)}`
    return `SELECT '[' || group_concat(p."j", ',' || char(10) ORDER BY p."n") || ']' AS "data"${cursor}${count} FROM (${rows}) AS p`
  }

  /** `, CAST(<c> AS TEXT) AS "c<i>"` per ordering column: the cursor values as text. */
  protected carried(columns: readonly ColumnRef[]): string {
    return columns.map((c, i) => `, CAST(${this.column(c)} AS TEXT) AS "c${i}"`).join('')
  }

  /**
   * A nested relationship as a correlated sub-query in the parent's record (its JSON kept as JSON by `json(…)`):
   * `one` → the first related record or NULL; `many` → `{"items", "hasNextPage", "endCursor"[, "totalCount"]}` from
   * up to limit + 1 numbered rows, `endCursor` being the marker parameter, `<cursor index>:` and row `limit`'s values.
   */
  protected nestedValue(n: NestedSelect, sink: ParameterSink, marker: ParamRef | undefined): string {
    const tables = n.linking === undefined ? this.tableRef(n.table) : `${this.tableRef(n.table)} CROSS JOIN ${this.tableRef(n.linking)}`
    const where = (): string => ` WHERE ${this.nested(n.join, sink)}${n.where === undefined ? '' : ` AND ${this.nested(n.where, sink)}`}`
    if (n.page === undefined) return `json((SELECT ${this.record(n.columns, n.relations, sink, marker)} FROM ${tables}${where()}${this.orderBy(n.orderBy)} LIMIT 1))`
    invariant(marker !== undefined, 'a nested page needs the cursor marker parameter')
    const L = this.integerLiteral(n.page.limit)
    const values = n.page.cursorColumns.map((_, i) => `q."c${i}"`).join(', ')
    const endCursor = `CASE WHEN count(*) > ${L} THEN ${sink.placeholder(marker)} || '${this.integerLiteral(n.page.cursor)}:' || max(CASE WHEN q."n" = ${L} THEN json_array(${values}) END) END`
    // Every related row of this parent that the policy and filter admit, whatever page `after` asks for.
    const total = n.count === undefined ? '' : `, 'totalCount', ${this.countRows(tables, [n.join, n.count.where], sink)}`
    const order = this.orderBy(n.orderBy)
    const rows = `SELECT ${this.record(n.columns, n.relations, sink, marker)} AS "j", row_number() OVER (${order.trim()}) AS "n"${this.carried(n.page.cursorColumns)} `
      + `FROM ${tables}${where()}${order} LIMIT ${this.integerLiteral(n.page.fetch)}`
    return `json((SELECT json_object('items', json_group_array(json(q."j") ORDER BY q."n") FILTER (WHERE q."n" <= ${L}), `
      + `'hasNextPage', json(iif(count(*) > ${L}, 'true', 'false')), 'endCursor', ${endCursor}${total}) FROM (${rows}) AS q))`
  }

  /**
   * Groups as one JSON array ordered by the group columns (NULL first): an inner GROUP BY computes the aggregates, an
   * outer `json_group_array` builds `{"fields": {…}, "aggregations": {…}}` per group. HAVING compares as REAL.
   */
  protected aggregateSelect(plan: SelectPlan, aggregate: AggregatePlan, sink: ParameterSink): string {
    const fields = aggregate.groupBy.map((g, i) => `${this.quoteString(g.name)}, ${this.jsonValue(`x."g${i}"`, g.type)}`).join(', ')
    const aggs = aggregate.aggregations.map((a, i) => `${this.quoteString(a.name)}, x."a${i}"`).join(', ')
    const order = aggregate.groupBy.length === 0 ? '' : ` ORDER BY ${aggregate.groupBy.map((_, i) => `x."g${i}" ASC NULLS FIRST`).join(', ')}`
    return `SELECT json_group_array(json_object('fields', json_object(${fields}), 'aggregations', json_object(${aggs}))${order}) AS "data" FROM (${this.aggregateGroups(plan, aggregate, sink)}) AS x`
  }

  protected override asDouble(expr: string): string {
    return `CAST(${expr} AS REAL)`
  }

  protected compileInsert(plan: InsertPlan, sink: ParameterSink): string {
    const values = plan.guard === undefined ? this.insertValues(plan.values, sink) : this.guardedValues(plan, plan.guard, sink)
    return `INSERT INTO ${this.qualifiedName(plan.table.name)}${values} RETURNING ${this.returned(plan.table, plan.returning, sink, true)}`
  }

  protected compileUpdate(plan: UpdatePlan, sink: ParameterSink): string {
    // Nothing to change (PATCH with an empty body): read the row, so an absent row is still told apart.
    if (plan.set.length === 0) return `SELECT ${this.returned(plan.table, plan.returning, sink, false)} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} LIMIT 1`
    const set = plan.set.map((v) => `${this.quoteIdentifier(v.column)} = ${v.value.kind === 'default' ? this.defaults.expression(plan.table.name, v.column) : sink.placeholder(v.value)}`)
    return `UPDATE ${this.tableRef(plan.table)} SET ${set.join(', ')}${this.where(plan.where, sink)} RETURNING ${this.returned(plan.table, plan.returning, sink, true)}`
  }

  protected compileUpsert(_plan: UpsertPlan, _sink: ParameterSink): string {
    throw new Error('SQLite declares no native upsert; core plans update-or-insert instead')
  }

  /** SQLite has no `DEFAULT` in VALUES: columns left to their defaults are left out. */
  protected insertValues(values: readonly WriteValue[], sink: ParameterSink): string {
    const given = values.filter((v): v is WriteValue & { value: ParamRef } => v.value.kind !== 'default')
    if (given.length === 0) return ' DEFAULT VALUES'
    return ` (${given.map((v) => this.quoteIdentifier(v.column)).join(', ')}) VALUES (${given.map((v) => sink.placeholder(v.value)).join(', ')})`
  }

  /**
   * Insert-select from the proposed row, kept only when it meets the create policy. Its values are cast to their
   * declared types (SQLite then applies the column's affinity), so the policy compares numbers as numbers.
   */
  protected guardedValues(plan: InsertPlan, guard: InsertGuard, sink: ParameterSink): string {
    const columns = plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')
    return `${columns === '' ? '' : ` (${columns})`} ${this.guardedSelect(plan, guard, sink)}`
  }

  /** A column without a declared type takes its value as it comes. */
  protected override castTo(value: string, dbType: string): string {
    return dbType.trim() === '' ? value : `CAST(${value} AS ${dbType})`
  }

  protected override emptyInsertSelectList(): string {
    return 'NULL'
  }
  /** `data` (the record, when the read policy admits the row) and `key` (the key values as text) of the written row. */
  protected returned(table: TableRef, returning: ReturnedRecord, sink: ParameterSink, inReturning: boolean): string {
    this.#returning = inReturning ? table : undefined
    try {
      const key = `json_array(${returning.keyColumns.map((c) => `CAST(${this.column(c)} AS TEXT)`).join(', ')}) AS "key"`
      if (returning.columns.length === 0) return `NULL AS "data", ${key}`
      const json = this.record(returning.columns)
      const data = returning.visible === undefined ? json : `CASE WHEN ${this.predicate(returning.visible, sink)} THEN ${json} END`
      return `${data} AS "data", ${key}`
    } finally {
      this.#returning = undefined
    }
  }

  /** The row as a JSON object keyed by API-level names, nested relationships last. */
  protected record(columns: readonly OutputColumn[], relations: readonly NestedSelect[] = NO_NESTED, sink?: ParameterSink, marker?: ParamRef): string {
    const items = columns.map((c) => `${this.quoteString(c.name)}, ${this.jsonValue(this.column(c.column), c.type)}`)
    for (const n of relations) items.push(`${this.quoteString(n.name)}, ${this.nestedValue(n, sink!, marker)}`)
    return `json_object(${items.join(', ')})`
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
}
