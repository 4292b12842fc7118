import {
  BaseSqlCompiler,
  hasExactJsonForm,
  type ColumnRef,
  type DeletePlan,
  type ExecutePlan,
  type InsertGuard,
  type InsertPlan,
  type OutputColumn,
  type ParameterSink,
  type ReturnedRecord,
  type RowImage,
  type SelectPlan,
  type TableRef,
  type UpdatePlan,
  type UpsertPlan,
  type NestedSelect,
  type ParamRef,
  type AggregatePlan,
  type CaseFold,
  type PredicateNode,
} from '@sluice/core/dialect'

/** Alias of the per-row record; quoted and unusual so it cannot be mistaken for a column of the table. */
const RECORD = '"sluice:r"'
/** Name of the data-modifying CTE a write statement reads its returned row from. */
const WRITTEN = '"sluice:w"'
/** Column an upsert's RETURNING adds: whether the row was inserted (xmax = 0) rather than updated. */
const INSERTED = '"sluice:inserted"'

/**
 * PostgreSQL SQL (also PGlite's). PostgreSQL builds the response JSON itself: a page is one row holding the JSON
 * array text, whether more rows exist, and the last row's ordering values — one round trip, no row decoding in Node.
 */
export class PostgresSqlCompiler extends BaseSqlCompiler {
  protected readonly numberedParameters = true

  protected quoteIdentifier(name: string): string {
    return `"${name.replace(/"/g, '""')}"`
  }

  protected placeholder(index: number): string {
    return `$${index + 1}`
  }

  /**
   * Folded as text with the database's own locale (`COLLATE "default"`: the column's collation, `C` in many schemas,
   * would fold ASCII letters only), then compared bytewise (`COLLATE "C"`: code point order in UTF-8), so a
   * case-insensitive or ICU column collation does not change what a folded comparison means.
   */
  protected override caseFold(fold: CaseFold, operand: string): string {
    return `(${fold}(${operand}::text COLLATE "default") COLLATE "C")`
  }

  protected compileSelect(plan: SelectPlan, sink: ParameterSink): string {
    if (plan.aggregate !== undefined) return this.aggregateSelect(plan, plan.aggregate, sink)
    const relations = plan.relations ?? NO_NESTED
    const marker = plan.nestedCursors?.marker
    if (plan.result.mode === 'single') {
      const record = `CROSS JOIN LATERAL (${this.recordSelect(plan.columns, relations, sink, marker)}) AS ${RECORD}`
      return `SELECT row_to_json(${RECORD})::text AS "data" FROM ${this.tableRef(plan.table)} ${record}${this.where(plan.where, sink)} LIMIT 1`
    }
    // The matching rows, counted once (an uncorrelated sub-query: an InitPlan), beside the page.
    const count = this.count(plan, sink)
    if (plan.result.mode === 'stream') {
      // One row per record with its ordering values as text beside it; core reads them through a cursor.
      const record = `CROSS JOIN LATERAL (${this.recordSelect(plan.columns, relations, sink, marker)}) AS ${RECORD}`
      const cursor = plan.result.cursorColumns.map((c, i) => `, ${this.column(c)}::text AS c${i}`).join('')
      return (
        `SELECT row_to_json(${RECORD})::text AS "data"${cursor}${count} FROM ${this.tableRef(plan.table)} ${record}` +
        `${this.where(plan.where, sink)}${this.orderBy(plan.orderBy)} LIMIT ${this.integerLiteral(plan.result.fetch)}${this.offset(plan.result, sink)}`
      )
    }
    // One row: json_agg over up to limit + 1 ordered rows (core counts them and drops the extra one) and, where
    // core cannot read them from the JSON, the ordering values of row `limit`. No window function and no count:
    // measured, each cost PostgreSQL more than Node's scan of the text.
    const { limit, fetch, cursorColumns } = plan.result
    const rowsFrom = `FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${this.orderBy(plan.orderBy)} LIMIT ${this.integerLiteral(fetch)}${this.offset(plan.result, sink)}`
    const L = this.integerLiteral(limit)
    const outputs = cursorColumns.map((c) =>
      plan.columns.find((o) => o.column.table === c.table && o.column.column === c.column),
    )
    if (outputs.every((o) => o !== undefined)) {
      // The ordering columns are in the output, so the page's own record carries them.
      const exact = outputs.every((o) => hasExactJsonForm(o!.type))
      const cursor = exact
        ? ''
        : `, json_build_array(${outputs.map((o) => `(array_agg(p.${this.quoteIdentifier(o!.name)}::text))[${L}]`).join(', ')})::text AS "cursor"`
      return `SELECT json_agg(p)::text AS "data"${cursor}${count} FROM (${this.recordSelect(plan.columns, relations, sink, marker)} ${rowsFrom}) AS p`
    }
    // The ordering columns are not all output: carry them beside a record built per row.
    const needed = distinctColumns([
      ...plan.columns.map((c) => c.column),
      ...cursorColumns,
      ...relations.flatMap((n) => n.parentColumns),
    ])
    const carried = cursorColumns.map((c, i) => `${this.column(c)} AS c${i}`).join(', ')
    const cursor = cursorColumns.map((_, i) => `(array_agg(s.c${i}::text))[${L}]`).join(', ')
    return (
      `SELECT json_agg(s.${RECORD})::text AS "data", json_build_array(${cursor})::text AS "cursor"${count} ` +
      `FROM (SELECT ${RECORD}, ${carried} FROM (SELECT ${needed.map((c) => this.column(c)).join(', ')} ${rowsFrom}) AS ${this.quoteIdentifier(plan.table.alias)} ` +
      `CROSS JOIN LATERAL (${this.recordSelect(plan.columns, relations, sink, marker)}) AS ${RECORD}) AS s`
    )
  }

  /**
   * A nested relationship as one correlated sub-query in the parent's record: `one` → the first related record or
   * NULL; `many` → a connection object built from up to limit + 1 ordered rows (compact JSON: `row_to_json` and
   * `array_to_json`, never `json_agg`, whose newlines would break the root page's records). When a nested page has
   * more rows, `endCursor` carries the marker parameter, the cursor index and the ordering values of row `limit`;
   * core signs it. Records are built from a derived table of the rows the LIMIT keeps (`row_to_json` of its row),
   * not by a LATERAL sub-select per candidate row: PostgreSQL then builds only the records it returns and skips a
   * sub-query scan per row (the nested GraphQL scenario's statement, 100 books → author → 10 books: about 22 % more
   * statements per second, pgbench, one client).
   */
  protected nestedValue(n: NestedSelect, sink: ParameterSink, marker: ParamRef | undefined): string {
    const r = this.quoteIdentifier(`${n.table.alias}:r`)
    const { tables, join } = this.nestedSource(n, sink)
    const where = this.nestedWhere(n, sink, join)
    const rowsFrom = `FROM ${tables}${where}${this.orderBy(n.orderBy)}`
    if (n.page === undefined)
      return `(SELECT row_to_json(${r}) FROM (${this.recordSelect(n.columns, n.relations, sink, marker)} ${rowsFrom} LIMIT 1) AS ${r})`
    const { cursorColumns, cursor } = n.page
    const L = this.integerLiteral(n.page.limit)
    // Every related row of this parent that the policy and filter admit, whatever page `after` asks for.
    const total = n.count === undefined ? '' : `, 'totalCount', ${this.countRows(tables, [join, n.count.where], sink)}`
    if (n.page.pageInfo === false) {
      // The caller reads neither paging value: `limit` rows, no look-ahead row, no cursor.
      const rows = `${this.recordSelect(n.columns, n.relations, sink, marker)} ${rowsFrom} LIMIT ${L}`
      return `(SELECT json_build_object('items', coalesce(array_to_json(array_agg(row_to_json(q))), '[]'::json)${total}) FROM (${rows}) AS q)`
    }
    if (marker === undefined) throw new Error('a nested page needs the cursor marker parameter')
    // The ordering values as text: read from the record's own columns when it outputs them unchanged (bytes are
    // base64 there), else carried beside a record built per row.
    const outputs = cursorColumns.map((c) =>
      n.columns.find((o) => o.type !== 'bytes' && o.column.table === c.table && o.column.column === c.column),
    )
    const fromRecord = outputs.every((o) => o !== undefined)
    const rows = fromRecord
      ? `${this.recordSelect(n.columns, n.relations, sink, marker)} ${rowsFrom} LIMIT ${this.integerLiteral(n.page.fetch)}`
      : `SELECT row_to_json(${r}) AS j${cursorColumns.map((c, i) => `, ${this.column(c)}::text AS c${i}`).join('')} FROM ${tables} ` +
        `CROSS JOIN LATERAL (${this.recordSelect(n.columns, n.relations, sink, marker)}) AS ${r}${where}${this.orderBy(n.orderBy)} LIMIT ${this.integerLiteral(n.page.fetch)}`
    const record = fromRecord ? 'row_to_json(q)' : 'q.j'
    const values = fromRecord
      ? outputs.map((o) => `(array_agg(q.${this.quoteIdentifier(o!.name)}::text))[${L}]`).join(', ')
      : cursorColumns.map((_, i) => `(array_agg(q.c${i}))[${L}]`).join(', ')
    const cursorText = `${sink.placeholder(marker)}::text || '${this.integerLiteral(cursor)}:' || json_build_array(${values})::text`
    if (n.page.arrayWhenComplete === true && n.count === undefined) {
      // The caller writes lists as arrays: a complete page is its items array, so it needs no rewrite (PostgreSQL
      // computes each distinct aggregate once, however often it is named).
      return (
        `(SELECT CASE WHEN count(*) > ${L} THEN json_build_object('items', array_to_json((array_agg(${record}))[1:${L}]), 'hasNextPage', true, ` +
        `'endCursor', ${cursorText}) ELSE coalesce(array_to_json(array_agg(${record})), '[]'::json) END FROM (${rows}) AS q)`
      )
    }
    const endCursor = `CASE WHEN count(*) > ${L} THEN ${cursorText} END`
    return (
      `(SELECT json_build_object('items', coalesce(array_to_json((array_agg(${record}))[1:${L}]), '[]'::json), 'hasNextPage', count(*) > ${L}, ` +
      `'endCursor', ${endCursor}${total}) FROM (${rows}) AS q)`
    )
  }

  /**
   * The FROM list of a nested relationship's rows and the condition that ties them to the parent. A many-to-many
   * reads the parent's linking rows and looks up each one's target rows in a LATERAL sub-query that `OFFSET 0` keeps
   * whole (PostgreSQL does not flatten a sub-query with OFFSET): the lookup is then an index probe per linking row.
   * Flattened, the planner, pricing index probes at the default random_page_cost, hashes the parent's few linking
   * rows and scans the whole target table once per parent whenever the target is small enough to seem cheaper to
   * scan (the `$expand` scenario's 500 authors: 7.9 → 2.4 ms per statement; see decisions.md).
   */
  protected nestedSource(
    n: NestedSelect,
    sink: ParameterSink,
  ): { readonly tables: string; readonly join: PredicateNode } {
    const parts = n.linking === undefined ? undefined : splitLinkingJoin(n.join, n.table.alias)
    if (n.linking === undefined || parts === undefined) return { tables: this.nestedTables(n), join: n.join }
    const lookup = parts.target.map((c) => this.predicate(c, sink)).join(' AND ')
    const tables = `${this.tableRef(n.linking)} CROSS JOIN LATERAL (SELECT * FROM ${this.tableRef(n.table)} WHERE ${lookup} OFFSET 0) AS ${this.quoteIdentifier(n.table.alias)}`
    return { tables, join: parts.parent.length === 1 ? parts.parent[0]! : { kind: 'and', items: parts.parent } }
  }

  /**
   * Groups as one JSON array, ordered by the group columns (NULL first, Sluice's rule): an inner GROUP BY computes
   * the aggregates, an outer array_agg builds `{"fields": {…}, "aggregations": {…}}` per group. HAVING compares in
   * float8 so a fractional bound works against integer aggregates.
   */
  protected aggregateSelect(plan: SelectPlan, aggregate: AggregatePlan, sink: ParameterSink): string {
    const fields = aggregate.groupBy.map((g, i) => `${this.quoteString(g.name)}, x.g${i}`).join(', ')
    const aggs = aggregate.aggregations.map((a, i) => `${this.quoteString(a.name)}, x.a${i}`).join(', ')
    const order = this.orderBy(aggregate.order)
    return `SELECT coalesce(array_to_json(array_agg(json_build_object('fields', json_build_object(${fields}), 'aggregations', json_build_object(${aggs}))${order})), '[]'::json)::text AS "data" FROM (${this.aggregateGroups(plan, aggregate, sink)}) AS x`
  }

  protected override asDouble(expr: string): string {
    return `(${expr})::float8`
  }

  /**
   * Writes are one statement each: the data-modifying statement in a CTE, and a SELECT over the row it returns that
   * builds the record JSON (only when the caller's read policy admits the row) and, for an insert, the key values for
   * `Location` (core reads no other write's key, so updates and upserts do not build them).
   */
  protected compileInsert(plan: InsertPlan, sink: ParameterSink): string {
    return this.written(
      `INSERT INTO ${this.tableRef(plan.table)}${this.insertValues(plan, sink)} RETURNING *`,
      plan.table,
      plan.returning,
      sink,
      'insert',
    )
  }

  protected compileUpdate(plan: UpdatePlan, sink: ParameterSink): string {
    // Nothing to change (PATCH with an empty body): read the row back, so an absent row is still told apart.
    const statement =
      plan.set.length === 0
        ? `SELECT * FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}`
        : `UPDATE ${this.tableRef(plan.table)} SET ${this.assignments(plan.set, sink)}${this.where(plan.where, sink)} RETURNING ${this.quoteIdentifier(plan.table.alias)}.*`
    return this.written(statement, plan.table, plan.returning, sink, 'update')
  }

  protected compileUpsert(plan: UpsertPlan, sink: ParameterSink): string {
    const t = this.quoteIdentifier(plan.table.alias)
    const conflict = plan.conflictColumns.map((c) => this.quoteIdentifier(c)).join(', ')
    // With nothing to update, a no-op assignment still makes the existing row count as written and come back.
    const updates = plan.updateColumns.length === 0 ? [plan.conflictColumns[0]!] : plan.updateColumns
    const set = updates.map((c) => `${this.quoteIdentifier(c)} = EXCLUDED.${this.quoteIdentifier(c)}`).join(', ')
    const statement =
      `INSERT INTO ${this.tableRef(plan.table)}${this.insertValues(plan, sink)} ON CONFLICT (${conflict}) DO UPDATE SET ${set}` +
      `${plan.updateWhere === undefined ? '' : ` WHERE ${this.predicate(plan.updateWhere, sink)}`} RETURNING ${t}.*, (${t}.xmax = 0) AS ${INSERTED}`
    return this.written(statement, plan.table, plan.returning, sink, 'upsert')
  }

  /**
   * A function runs inside a SELECT that builds the JSON array of its rows, its result columns named by the catalog
   * (`fn(…) AS r("a", "b")` also names a scalar function's single column). A procedure runs by CALL, which returns
   * its OUT and INOUT parameters as one row (none without them) that core serializes. Arguments are passed by name
   * and cast to the declared types, so parameters left out take the routine's own defaults.
   */
  protected override compileExecute(plan: ExecutePlan, sink: ParameterSink): string {
    const args = plan.arguments.map(
      (a) => `${this.quoteIdentifier(a.name)} => ${sink.placeholder(a.value)}::${a.dbType}`,
    )
    if (plan.routine === 'procedure') {
      const outputs = plan.outputParameters.map((name) => `${this.quoteIdentifier(name)} => NULL`)
      return `CALL ${this.qualifiedName(plan.procedure)}(${[...args, ...outputs].join(', ')})`
    }
    const names =
      plan.resultColumns === undefined || plan.resultColumns.length === 0
        ? ''
        : `(${plan.resultColumns.map((c) => this.quoteIdentifier(c)).join(', ')})`
    const call = `${this.qualifiedName(plan.procedure)}(${args.join(', ')}) AS ${this.quoteIdentifier(plan.alias)}${names}`
    if (plan.resultColumns?.length === 0) return `SELECT NULL::text AS "data" FROM ${call}`
    if (plan.columns === undefined)
      return `SELECT json_agg(${this.quoteIdentifier(plan.alias)})::text AS "data" FROM ${call}`
    if (plan.columns.length === 0) return `SELECT json_agg('{}'::json)::text AS "data" FROM ${call}`
    return `SELECT json_agg(p)::text AS "data" FROM (${this.recordSelect(plan.columns)} FROM ${call}) AS p`
  }

  protected override executeResult(plan: ExecutePlan): 'json' | 'rows' {
    return plan.routine === 'procedure' ? 'rows' : 'json'
  }

  protected insertValues(plan: InsertPlan | UpsertPlan, sink: ParameterSink): string {
    if (plan.kind === 'insert' && plan.guard !== undefined) return this.guardedValues(plan, plan.guard, sink)
    if (plan.values.length === 0) return ' DEFAULT VALUES'
    const columns = plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')
    return ` (${columns}) VALUES (${plan.values.map((v) => this.writeValue(v, sink)).join(', ')})`
  }

  /**
   * Insert-select from the proposed row, kept only when it meets the create policy. The row's values are cast to
   * their column types (a SELECT gives placeholders no type from the target). Its alias is the plan table's, so the
   * policy's column references read it; the INSERT target is not in scope there.
   */
  protected guardedValues(plan: InsertPlan, guard: InsertGuard, sink: ParameterSink): string {
    const columns = plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')
    return `${columns === '' ? '' : ` (${columns})`} ${this.guardedSelect(plan, guard, sink)}`
  }
  protected written(
    statement: string,
    table: TableRef,
    returning: ReturnedRecord,
    sink: ParameterSink,
    kind: 'insert' | 'update' | 'upsert',
  ): string {
    const t = this.quoteIdentifier(table.alias)
    // An insert's key, unless core reads it from the record (one copy of it less for PostgreSQL to build).
    const key =
      kind === 'insert' && returning.keyInRecord === undefined
        ? `, json_build_array(${returning.keyColumns.map((c) => `${this.column(c)}::text`).join(', ')})::text AS "key"`
        : ''
    const inserted = `${kind === 'upsert' ? `, ${t}.${INSERTED} AS "inserted"` : ''}${this.imageColumn(returning.image)}`
    if (returning.columns.length === 0)
      return `WITH ${WRITTEN} AS (${statement}) SELECT NULL::text AS "data"${key}${inserted} FROM ${WRITTEN} AS ${t}`
    const json = `row_to_json(${RECORD})::text`
    const data =
      returning.visible === undefined ? json : `CASE WHEN ${this.predicate(returning.visible, sink)} THEN ${json} END`
    return (
      `WITH ${WRITTEN} AS (${statement}) SELECT ${data} AS "data"${key}${inserted} ` +
      `FROM ${WRITTEN} AS ${t} CROSS JOIN LATERAL (${this.recordSelect(returning.columns)}) AS ${RECORD}`
    )
  }

  /** A deleted row's image (`DeletePlan.image`) comes from the rows the DELETE returns. */
  protected override compileDelete(plan: DeletePlan, sink: ParameterSink): string {
    if (plan.image === undefined) return super.compileDelete(plan, sink)
    const deleted = `DELETE FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} RETURNING *`
    return `WITH ${WRITTEN} AS (${deleted}) SELECT 1 AS "deleted"${this.imageColumn(plan.image)} FROM ${WRITTEN} AS ${this.quoteIdentifier(plan.table.alias)}`
  }

  /** `, (…) AS "image"`: every field of the written row as JSON object text (`ReturnedRecord.image`), or nothing. */
  protected imageColumn(image: RowImage | undefined): string {
    return image === undefined
      ? ''
      : `, (SELECT row_to_json(i)::text FROM (${this.recordSelect(image.columns)}) AS i) AS "image"`
  }

  /** The row as a record keyed by API-level names (row_to_json / json_agg turn it into compact JSON), nested relations last. */
  protected recordSelect(
    columns: readonly OutputColumn[],
    relations: readonly NestedSelect[] = NO_NESTED,
    sink?: ParameterSink,
    marker?: ParamRef,
  ): string {
    const value = (c: OutputColumn): string =>
      c.type === 'bytes' ? `encode(${this.column(c.column)}, 'base64')` : this.column(c.column)
    const items = columns.map((c) => `${value(c)} AS ${this.quoteIdentifier(c.name)}`)
    for (const n of relations) items.push(`${this.nestedValue(n, sink!, marker)} AS ${this.quoteIdentifier(n.name)}`)
    return `SELECT ${items.join(', ')}`
  }
}

const NO_NESTED: readonly NestedSelect[] = Object.freeze([])

function distinctColumns(columns: readonly ColumnRef[]): ColumnRef[] {
  const seen = new Set<string>()
  return columns.filter((c) => !seen.has(c.column) && seen.add(c.column) !== undefined)
}

/**
 * A many-to-many join (`relationshipJoin`: linking = parent AND linking = target equalities) split into the
 * equalities that reach the target (alias `target`) and the rest; `undefined` for a join of another form.
 */
function splitLinkingJoin(
  join: PredicateNode,
  target: string,
): { readonly parent: readonly PredicateNode[]; readonly target: readonly PredicateNode[] } | undefined {
  if (join.kind !== 'and') return undefined
  const parent: PredicateNode[] = []
  const lookup: PredicateNode[] = []
  for (const item of join.items) {
    if (item.kind !== 'compare' || item.left.kind !== 'column' || item.right.kind !== 'column') return undefined
    if (item.left.table === target || item.right.table === target) lookup.push(item)
    else parent.push(item)
  }
  return parent.length === 0 || lookup.length === 0 ? undefined : { parent, target: lookup }
}
