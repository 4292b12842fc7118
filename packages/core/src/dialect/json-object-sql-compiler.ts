import type { ColumnRef, ParamRef } from '../plan/predicate-node.js'
import type { AggregatePlan, NestedSelect, OutputColumn, SelectPlan } from '../plan/select-plan.js'
import type { InsertGuard, InsertPlan, ReturnedRecord, UpdatePlan } from '../plan/write-plan.js'
import { hasExactJsonForm, type ScalarType } from '../model/scalar-type.js'
import { invariant } from '../util/invariant.js'
import { BaseSqlCompiler, type ParameterSink } from './base-sql-compiler.js'

const NO_NESTED: readonly NestedSelect[] = Object.freeze([])

/**
 * The whole statements of a dialect whose engine builds JSON with a JSON-object function (`JSON_OBJECT`,
 * `json_object`) and joins records with an ordered string aggregate (`GROUP_CONCAT`, `group_concat`) — MySQL,
 * MariaDB and SQLite. A dialect supplies the spellings (`jsonObject`, `stringAgg`, `concat`, `asText`, `nestJson`,
 * `jsonValue`…) and inherits every statement:
 *
 * - by key: `SELECT <record> AS data FROM t WHERE … LIMIT 1`;
 * - a page: up to limit + 1 rows cut in a derived table, their records numbered by ROW_NUMBER and joined in that
 *   order by `,\n` into one JSON array text (the `PageResult` contract), with row `limit`'s ordering values as a
 *   JSON array of text when core cannot read them from the record, and the count beside it when asked;
 * - a stream: one row per record with its ordering values as text;
 * - nested relationships as correlated sub-queries in the parent's record: to-one the first record or NULL,
 *   to-many the connection object `{"items", "hasNextPage", "endCursor"[, "totalCount"]}`;
 * - aggregations as one JSON array of `{"fields", "aggregations"}` ordered by the group columns;
 * - writes with `RETURNING` (`INSERT … RETURNING <record>, <key>`), the record only when the read policy admits it.
 *
 * Every part is rendered in the order it stands in the text, so positional (`?`) placeholders bind in order.
 * Engines that build JSON another way (PostgreSQL's row_to_json and json_agg, SQL Server's FOR JSON) extend
 * `BaseSqlCompiler` directly.
 */
export abstract class JsonObjectSqlCompiler extends BaseSqlCompiler {
  /** Set while rendering a RETURNING clause (`withReturningColumns`): column references go through `returningColumn`. */
  #inReturning = false

  // ── Spellings a dialect supplies ──────────────────────────────────────────────────────────────────────────

  /** `JSON_OBJECT('a', x, 'b', y)` from `'a', x` pairs (possibly none). */
  protected abstract jsonObject(pairs: readonly string[]): string
  /** `JSON_ARRAY(x, y)`. */
  protected abstract jsonArray(values: readonly string[]): string
  /** An expression as text (`CAST(x AS CHAR)`): cursor and key values. */
  protected abstract asText(expr: string): string
  /** Text concatenation of `parts` (`CONCAT(a, b)`, `a || b`). */
  protected abstract concat(parts: readonly string[]): string
  /** The ordered string aggregate: `value`s joined by `separator` (an SQL text expression) in `order` (`ORDER BY …` text). */
  protected abstract stringAgg(value: string, order: string, separator: string): string
  /** JSON text from a sub-query or string, marked as JSON so the enclosing object nests it rather than quoting it. */
  protected abstract nestJson(text: string): string
  /** A column as its JSON value (booleans, date-times, bytes and JSON columns need per-engine care). */
  protected abstract jsonValue(column: string, type: ScalarType): string
  /** The text `,\n` as an SQL expression: the separator of a root page's records (`PageResult`). */
  protected abstract recordSeparator(): string

  /** `CASE WHEN … THEN … ELSE … END`; engines with `IF`/`iif` may spell it shorter. */
  protected conditional(condition: string, then: string, otherwise: string): string {
    return `CASE WHEN ${condition} THEN ${then} ELSE ${otherwise} END`
  }

  /** Picks the one non-NULL value of a group (row `limit`'s cursor values). */
  protected anyValue(expr: string): string {
    return `MAX(${expr})`
  }

  /** `ROW_NUMBER() OVER (ORDER BY …)`: the position a record keeps through the aggregate. */
  protected rowNumber(order: string): string {
    return `ROW_NUMBER() OVER (${order})`
  }

  /**
   * A column of the written row inside `RETURNING` (the statement's alias is not in scope there): the bare column
   * by default; engines that allow it name the table instead, which a sub-query's own columns cannot shadow.
   */
  protected returningColumn(ref: ColumnRef): string {
    return this.quoteIdentifier(ref.column)
  }

  /** Whether core can read a page's cursor from its records: every ordering value is output with an exact JSON form. */
  protected cursorFromRecord(plan: SelectPlan, cursorColumns: readonly ColumnRef[]): boolean {
    return cursorColumns.every((c) => {
      const output = plan.columns.find((o) => o.column.table === c.table && o.column.column === c.column)
      // Floats excluded: these engines print doubles with fewer digits than they hold.
      return (
        output !== undefined && hasExactJsonForm(output.type) && output.type !== 'single' && output.type !== 'float'
      )
    })
  }

  // ── Reads ─────────────────────────────────────────────────────────────────────────────────────────────────

  protected override column(ref: ColumnRef): string {
    return this.#inReturning ? this.returningColumn(ref) : super.column(ref)
  }

  protected compileSelect(plan: SelectPlan, sink: ParameterSink): string {
    if (plan.aggregate !== undefined) return this.aggregateSelect(plan, plan.aggregate, sink)
    const relations = plan.relations ?? NO_NESTED
    const marker = plan.nestedCursors?.marker
    const data = this.quoteIdentifier('data')
    if (plan.result.mode === 'single') {
      const record = this.recordData(this.record(plan.columns, relations, sink, marker))
      return `SELECT ${record} AS ${data} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} LIMIT 1`
    }
    if (plan.result.mode === 'stream') {
      const { fetch, cursorColumns } = plan.result
      const record = this.recordData(this.record(plan.columns, relations, sink, marker))
      return (
        `SELECT ${record} AS ${data}${this.carried(cursorColumns)}${this.count(plan, sink)} FROM ${this.tableRef(plan.table)}` +
        `${this.where(plan.where, sink)}${this.orderBy(plan.orderBy)} LIMIT ${this.integerLiteral(fetch)}${this.offset(plan.result, sink)}`
      )
    }
    const { limit, fetch, cursorColumns } = plan.result
    const fromRecord = this.cursorFromRecord(plan, cursorColumns)
    const p = this.quoteIdentifier('sluice:p')
    const [j, n] = [`${p}.${this.quoteIdentifier('j')}`, `${p}.${this.quoteIdentifier('n')}`]
    const values = cursorColumns.map((_, i) => `${p}.${this.quoteIdentifier(`c${i}`)}`)
    const cursor = fromRecord
      ? ''
      : `, ${this.anyValue(`CASE WHEN ${n} = ${this.integerLiteral(limit)} THEN ${this.jsonArray(values)} END`)} AS ${this.quoteIdentifier('cursor')}`
    const order = this.orderBy(plan.orderBy)
    // The count stands before the rows in the text, so its placeholders are recorded first.
    const count = this.count(plan, sink)
    // The page's rows are cut first, in a derived table under the table's own alias: a window function sees every row
    // its FROM yields, so numbered directly the engines built every matching row's record (nested values included)
    // before the LIMIT, whatever the page size (MariaDB: 10,000 records for a page of 100).
    const rows =
      `SELECT ${this.record(plan.columns, relations, sink, marker)} AS ${this.quoteIdentifier('j')}, ${this.rowNumber(order.trim())} AS ${this.quoteIdentifier('n')}` +
      `${fromRecord ? '' : this.carried(cursorColumns)} ` +
      `FROM (SELECT * FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${order} LIMIT ${this.integerLiteral(fetch)}${this.offset(plan.result, sink)}) ` +
      `AS ${this.quoteIdentifier(plan.table.alias)}`
    const page = this.concat(["'['", this.stringAgg(j, `ORDER BY ${n}`, this.recordSeparator()), "']'"])
    return `SELECT ${this.pageData(page, j)} AS ${data}${cursor}${count} FROM (${rows}) AS ${p}`
  }

  /**
   * A page's `data` from `page`, the JSON array text of the derived table's records `record` (NULL without rows). A
   * dialect whose engine answers NULL or a cut text past a size limit, with only a warning, returns `''` there
   * instead: no JSON text is empty, and core reports it as too large (`SLUICE_ERR_DATABASE_RESULT_TOO_LARGE`).
   */
  protected pageData(page: string, _record: string): string {
    return page
  }

  /** A record read on its own (by key, or a streamed page's row) as `data`; `''` when not built (see `pageData`). */
  protected recordData(record: string): string {
    return record
  }

  /** A record as one value of a nested page's or an aggregation's string aggregate (which skips NULL values). */
  protected pageElement(record: string): string {
    return record
  }

  /** `, CAST(<c> AS …) AS c<i>` per ordering column: the cursor values as text. */
  protected carried(columns: readonly ColumnRef[]): string {
    return columns.map((c, i) => `, ${this.asText(this.column(c))} AS ${this.quoteIdentifier(`c${i}`)}`).join('')
  }

  /** The row as a JSON object keyed by API-level names, nested relationships last. */
  protected record(
    columns: readonly OutputColumn[],
    relations: readonly NestedSelect[] = NO_NESTED,
    sink?: ParameterSink,
    marker?: ParamRef,
  ): string {
    const items = columns.map((c) => `${this.quoteString(c.name)}, ${this.jsonValue(this.column(c.column), c.type)}`)
    for (const n of relations) items.push(`${this.quoteString(n.name)}, ${this.nestedValue(n, sink!, marker)}`)
    return items.length === 0 ? this.emptyRecord() : this.jsonObject(items)
  }

  /** The record of a row with no readable field: `{}`. */
  protected emptyRecord(): string {
    return this.jsonObject([])
  }

  /**
   * A nested relationship as one correlated sub-query in the parent's record. `one` → the first related record or
   * NULL. `many` → the connection object over a derived table of the first limit + 1 related rows numbered by
   * ROW_NUMBER; items are joined by ',' only (a raw newline would break the root page's records). `endCursor` is
   * the marker parameter, `<cursor index>:` and row `limit`'s ordering values; core signs it.
   */
  protected nestedValue(n: NestedSelect, sink: ParameterSink, marker: ParamRef | undefined): string {
    const tables = this.nestedTables(n)
    if (n.page === undefined) {
      const record = this.record(n.columns, n.relations, sink, marker)
      return this.nestedOne(record, `${tables}${this.nestedWhere(n, sink)}${this.orderBy(n.orderBy)} LIMIT 1`)
    }
    const L = this.integerLiteral(n.page.limit)
    const q = this.quoteIdentifier(`${n.table.alias}:q`)
    const [j, rowNo] = [`${q}.${this.quoteIdentifier('j')}`, `${q}.${this.quoteIdentifier('n')}`]
    const element = this.pageElement(j)
    const items = this.stringAgg(`CASE WHEN ${rowNo} <= ${L} THEN ${element} END`, `ORDER BY ${rowNo}`, "','")
    const last = this.anyValue(
      `CASE WHEN ${rowNo} = ${L} THEN ${this.jsonArray(n.page.cursorColumns.map((_, i) => `${q}.${this.quoteIdentifier(`c${i}`)}`))} END`,
    )
    const connection = this.connection(n, items, last, sink, marker)
    const order = this.orderBy(n.orderBy)
    const rows =
      `SELECT ${this.record(n.columns, n.relations, sink, marker)} AS ${this.quoteIdentifier('j')}, ${this.rowNumber(order.trim())} AS ${this.quoteIdentifier('n')}` +
      `${this.carried(n.page.cursorColumns)} FROM ${tables}${this.nestedWhere(n, sink)}${order} LIMIT ${this.integerLiteral(n.page.fetch)}`
    return this.nestedMany(connection, `(${rows}) AS ${q}`)
  }

  /** A to-one relationship's value in the parent's record: `record` of the first row `from` yields, or NULL. */
  protected nestedOne(record: string, from: string): string {
    return this.nestJson(`(SELECT ${record} FROM ${from})`)
  }

  /** A to-many relationship's value in the parent's record: the `connection` object over the related rows `from`. */
  protected nestedMany(connection: string, from: string): string {
    return this.nestJson(`(SELECT ${connection} FROM ${from})`)
  }

  /**
   * The connection object of a nested page: `items` (the aggregate of up to `limit` records, already rendered),
   * `hasNextPage`, `endCursor` (the marker parameter, `<cursor index>:`, then `last`: row `limit`'s ordering values
   * as a JSON array of text) and, when asked, `totalCount` — over the related rows of one parent (`COUNT(*)` counts
   * up to limit + 1 of them). Placeholders: the marker, then the count's.
   */
  protected connection(
    n: NestedSelect,
    items: string,
    last: string,
    sink: ParameterSink,
    marker: ParamRef | undefined,
  ): string {
    invariant(n.page !== undefined, 'a connection is a nested page')
    const array = `'items', ${this.nestJson(this.concat(["'['", `COALESCE(${items}, '')`, "']'"]))}`
    // Every related row of this parent that the policy and filter admit, whatever page `after` asks for.
    const total = (): string =>
      n.count === undefined
        ? ''
        : `, 'totalCount', ${this.countRows(this.nestedTables(n), [n.join, n.count.where], sink)}`
    // Without `pageInfo` the caller reads neither paging value: the object holds `items` (and the count) only, and
    // the marker is not rendered (positional placeholders are recorded as they are written).
    if (n.page.pageInfo === false) return this.jsonObject([`${array}${total()}`])
    invariant(marker !== undefined, 'a nested page needs the cursor marker parameter')
    const more = `COUNT(*) > ${this.integerLiteral(n.page.limit)}`
    const endCursor = this.conditional(
      more,
      this.concat([sink.placeholder(marker), `'${this.integerLiteral(n.page.cursor)}:'`, last]),
      'NULL',
    )
    return this.jsonObject([
      array,
      `'hasNextPage', ${this.nestJson(this.conditional(more, "'true'", "'false'"))}`,
      `'endCursor', ${endCursor}${total()}`,
    ])
  }

  /**
   * Groups as one JSON array in the plan's order: an inner GROUP BY computes the aggregates and cuts the page of
   * groups (`aggregateGroups`), the string aggregate joins `{"fields": {…}, "aggregations": {…}}` per group.
   */
  protected aggregateSelect(plan: SelectPlan, aggregate: AggregatePlan, sink: ParameterSink): string {
    return (
      `SELECT ${this.groupsArray(aggregate)} AS ${this.quoteIdentifier('data')} ` +
      `FROM (${this.aggregateGroups(plan, aggregate, sink)}) AS ${this.quoteIdentifier('x')}`
    )
  }

  /** The JSON array text of the groups in rows `x`, in the plan's order; `[]` without groups. */
  protected groupsArray(aggregate: AggregatePlan): string {
    const order = this.orderBy(aggregate.order).trim()
    const groups = this.stringAgg(this.pageElement(this.groupRecord(aggregate)), order, "','")
    return this.concat(["'['", `COALESCE(${groups}, '')`, "']'"])
  }

  /** `{"fields": {…}, "aggregations": {…}}` of the group in row `x` (see `groupMembers`). */
  protected groupRecord(aggregate: AggregatePlan): string {
    const { fields, aggregations } = this.groupMembers(aggregate)
    return this.jsonObject([`'fields', ${fields}`, `'aggregations', ${aggregations}`])
  }

  /** The two objects of a group's record: its group values and its aggregates, read from `x.g<i>` and `x.a<i>`. */
  protected groupMembers(aggregate: AggregatePlan): { readonly fields: string; readonly aggregations: string } {
    const x = this.quoteIdentifier('x')
    const fields = aggregate.groupBy.map(
      (g, i) => `${this.quoteString(g.name)}, ${this.jsonValue(`${x}.${this.quoteIdentifier(`g${i}`)}`, g.type)}`,
    )
    const aggs = aggregate.aggregations.map(
      (a, i) => `${this.quoteString(a.name)}, ${x}.${this.quoteIdentifier(`a${i}`)}`,
    )
    return { fields: this.jsonObject(fields), aggregations: this.jsonObject(aggs) }
  }

  // ── Writes ────────────────────────────────────────────────────────────────────────────────────────────────

  /** `INSERT INTO t (…) VALUES (…) RETURNING <data>, <key>`. */
  protected compileInsert(plan: InsertPlan, sink: ParameterSink): string {
    return `INSERT INTO ${this.qualifiedName(plan.table.name)}${this.insertValues(plan, sink)} RETURNING ${this.returned(plan.returning, sink, true)}`
  }

  /** `UPDATE t SET … WHERE … RETURNING <data>, <key>`; an empty PATCH reads the row, so an absent one is told apart. */
  protected compileUpdate(plan: UpdatePlan, sink: ParameterSink): string {
    if (plan.set.length === 0) return this.readRow(plan, sink)
    return `UPDATE ${this.tableRef(plan.table)} SET ${this.assignments(plan.set, sink)}${this.where(plan.where, sink)} RETURNING ${this.returned(plan.returning, sink, true)}`
  }

  /** The row an empty update names, as a write returns it. */
  protected readRow(plan: UpdatePlan, sink: ParameterSink): string {
    return `SELECT ${this.returned(plan.returning, sink, false)} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} LIMIT 1`
  }

  /** ` (a, b) VALUES (?, DEFAULT)`, ` DEFAULT VALUES` when nothing is written, or the guarded insert-select. */
  protected insertValues(plan: InsertPlan, sink: ParameterSink): string {
    if (plan.guard !== undefined) return this.guardedValues(plan, plan.guard, sink)
    if (plan.values.length === 0) return this.noValues()
    return ` (${plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')}) VALUES (${plan.values.map((v) => this.writeValue(v, sink)).join(', ')})`
  }

  /** The VALUES of an insert that writes no column. */
  protected noValues(): string {
    return ' DEFAULT VALUES'
  }

  /** Insert-select from the proposed row, kept only when it meets the create policy (`guardedSelect`). */
  protected guardedValues(plan: InsertPlan, guard: InsertGuard, sink: ParameterSink): string {
    const columns = plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')
    return `${columns === '' ? '' : ` (${columns})`} ${this.guardedSelect(plan, guard, sink)}`
  }

  /**
   * `data` (the record JSON, when the read policy admits the row) and `key` (a JSON array of the key values as
   * text) of the written row. `inReturning`: rendered inside `RETURNING`, where columns go through `returningColumn`.
   */
  protected returned(returning: ReturnedRecord, sink: ParameterSink, inReturning: boolean): string {
    const previous = this.#inReturning
    this.#inReturning = inReturning
    try {
      const key = `${this.jsonArray(returning.keyColumns.map((c) => this.asText(this.column(c))))} AS ${this.quoteIdentifier('key')}`
      const data = this.quoteIdentifier('data')
      if (returning.columns.length === 0) return `NULL AS ${data}, ${key}`
      const json = this.record(returning.columns)
      const visible =
        returning.visible === undefined ? json : `CASE WHEN ${this.predicate(returning.visible, sink)} THEN ${json} END`
      return `${visible} AS ${data}, ${key}`
    } finally {
      this.#inReturning = previous
    }
  }

  /** Renders with column references as `RETURNING` (and single-table statements without an alias) take them. */
  protected withReturningColumns<T>(render: () => T): T {
    const previous = this.#inReturning
    this.#inReturning = true
    try {
      return render()
    } finally {
      this.#inReturning = previous
    }
  }
}
