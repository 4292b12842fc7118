import {
  BaseSqlCompiler,
  type AggregateColumn,
  type AggregatePlan,
  type CaseFold,
  type NestedSelect,
  type NestedPage,
  type ParamRef,
  type ColumnRef,
  type DeletePlan,
  type ExecutePlan,
  type InsertGuard,
  type InsertPlan,
  type OrderTerm,
  type OutputColumn,
  type ParameterSink,
  type PlanParameter,
  type PredicateNode,
  type ReturnedRecord,
  type ScalarType,
  type SelectPlan,
  type TableRef,
  type UpdatePlan,
  type UpsertPlan,
} from '@sluice/core/dialect'
import { buildWriteKeyTypes } from './build-write-key-types.js'
import { MSSQL_VARIABLE_TYPES } from './mssql-variable-types.js'
import { mssqlJsonTextArray, mssqlValueText } from './mssql-value-text.js'

/** Row number of a page's rows; quoted and unusual so it cannot be mistaken for a column of the table. */
const ROW = '[sluice:n]'
/** The table variable a write's OUTPUT clause fills with the written row's key (and, for upserts, the action). */
const WRITTEN = '@sluice_w'
const INSERTED = '[sluice:inserted]'
/** One JSON object per row, with every column present (NULL as null), as PostgreSQL's row_to_json writes it. */
const JSON_OBJECT = 'FOR JSON PATH, INCLUDE_NULL_VALUES, WITHOUT_ARRAY_WRAPPER'

/**
 * T-SQL for SQL Server 2017 and later (STRING_AGG, FOR JSON, STRING_ESCAPE). SQL Server builds the response JSON
 * itself with FOR JSON PATH; parameters are named `@p0 … @pN` by their index in the plan, each bound once.
 *
 * - Pages: `TOP (limit + 1)` ordered rows, each rendered with FOR JSON, joined by STRING_AGG with a comma and a
 *   newline (the separator `PageResult` requires; FOR JSON escapes newlines inside values), plus the ordering
 *   values of row `limit` as a JSON array of text: one row, one round trip, no OFFSET.
 * - NULL ordering needs no clause: SQL Server sorts NULL lowest, which is Sluice's rule.
 * - Writes are one batch in one transaction: the DML with `OUTPUT inserted.<key> INTO` a table variable (works on
 *   tables with triggers, unlike a bare OUTPUT), then a SELECT of the written row joined on that key, rendered
 *   with FOR JSON exactly as reads render it.
 * - Upsert: `MERGE … WITH (HOLDLOCK)`, so two concurrent upserts of one absent key cannot both insert.
 */
export class MssqlSqlCompiler extends BaseSqlCompiler {
  protected readonly numberedParameters = true

  protected quoteIdentifier(name: string): string {
    return `[${name.replace(/]/g, ']]')}]`
  }

  protected placeholder(index: number): string {
    return `@p${index}`
  }

  /** The driver needs each value's type (tedious declares typed parameters): the plan parameter itself goes through. */
  protected override convertParameter(parameter: PlanParameter): unknown {
    return parameter
  }

  protected override quoteString(text: string): string {
    return `N'${text.replace(/'/g, "''")}'`
  }

  /** `[` opens a character class in SQL Server's LIKE: escape it too (core escapes `\`, `%` and `_` with backslash). */
  protected override predicate(node: PredicateNode, sink: ParameterSink): string {
    if (node.kind !== 'like') return super.predicate(node, sink)
    return `${this.value(node.operand, sink)} ${node.negated ? 'NOT ' : ''}LIKE REPLACE(${this.value(node.pattern, sink)}, N'[', N'\\[')${this.likeEscape()}`
  }

  /**
   * Folded in nvarchar under a binary collation (`Latin1_General_100_BIN2`): the column's collation, often
   * case-insensitive, must not decide a folded comparison, and BIN2 compares by code point.
   */
  protected override caseFold(fold: CaseFold, operand: string): string {
    return `${fold === 'lower' ? 'LOWER' : 'UPPER'}(CAST(${operand} AS nvarchar(max)) COLLATE Latin1_General_100_BIN2)`
  }

  /** T-SQL's position paging (keyless views): `OFFSET … ROWS FETCH NEXT … ROWS ONLY` in place of `TOP`. */
  protected override offset(
    result: { readonly offset?: ParamRef | undefined; readonly fetch?: number },
    sink: ParameterSink,
  ): string {
    if (result.offset === undefined) return ''
    return ` OFFSET ${sink.placeholder(result.offset)} ROWS FETCH NEXT ${this.integerLiteral(result.fetch ?? 0)} ROWS ONLY`
  }

  /** Counts beyond 2^31 rows: `COUNT(*)` is an int on SQL Server. */
  protected override countAll(): string {
    return 'COUNT_BIG(*)'
  }

  /** SQL Server sorts NULL as the lowest value already. */
  protected override orderTerm(term: OrderTerm): string {
    return `${this.column(term.column)} ${term.direction === 'asc' ? 'ASC' : 'DESC'}`
  }

  protected compileSelect(plan: SelectPlan, sink: ParameterSink): string {
    if (plan.aggregate !== undefined) return this.aggregateSelect(plan, plan.aggregate, sink)
    const relations = plan.relations ?? NO_NESTED
    const marker = plan.nestedCursors?.marker
    const record = this.record(plan.columns, relations, sink, marker)
    const from = `FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}`
    if (plan.result.mode === 'single') return `SELECT TOP (1) ${record} AS [data] ${from}`
    const { limit, fetch, cursorColumns } = plan.result
    const L = this.integerLiteral(limit)
    const order = plan.orderBy.length === 0 ? '(SELECT NULL)' : plan.orderBy.map((t) => this.orderTerm(t)).join(', ')
    const types = cursorColumns.map((c) => plan.columns.find((o) => sameColumn(o.column, c))?.type)
    const cursor = mssqlJsonTextArray(cursorColumns.map((c, i) => mssqlValueText(this.column(c), types[i])))
    // The matching rows, counted once (an uncorrelated sub-query) beside the page.
    const count = this.count(plan, sink)
    // STRING_AGG takes a literal separator only: a comma and a real newline inside the string literal.
    return (
      `SELECT N'[' + STRING_AGG(CAST([r].[j] AS nvarchar(max)), N',\n') WITHIN GROUP (ORDER BY [r].${ROW}) + N']' AS [data], ` +
      `MAX(CASE WHEN [r].${ROW} = ${L} THEN [r].[c] END) AS [cursor]${count} ` +
      `FROM (SELECT ${plan.result.offset === undefined ? `TOP (${this.integerLiteral(fetch)}) ` : ''}${record} AS [j], ${cursor} AS [c], ROW_NUMBER() OVER (ORDER BY ${order}) AS ${ROW} ` +
      `${from} ORDER BY ${order}${this.offset(plan.result, sink)}) AS [r]`
    )
  }

  protected compileInsert(plan: InsertPlan, sink: ParameterSink): string {
    const values = plan.guard !== undefined ? this.guardedValues(plan, plan.guard, sink) : this.insertValues(plan, sink)
    const columns =
      plan.values.length === 0 ? '' : ` (${plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')})`
    const statement = `INSERT INTO ${this.qualifiedName(plan.table.name)}${columns} ${this.output(plan.returning, false)} ${values}`
    return this.written(plan, statement, plan.table, plan.returning, sink, false)
  }

  protected compileUpdate(plan: UpdatePlan, sink: ParameterSink): string {
    // Nothing to change (PATCH with an empty body): read the row back, so an absent row is still told apart.
    if (plan.set.length === 0) {
      return `${this.readBack(plan.returning, buildWriteKeyTypes(plan), sink, `${this.tableRef(plan.table)}${this.where(plan.where, sink)}`, false)};`
    }
    const t = this.quoteIdentifier(plan.table.alias)
    const statement =
      `UPDATE ${t} SET ${this.assignments(plan.set, sink)} ${this.output(plan.returning, false)} ` +
      `FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}`
    return this.written(plan, statement, plan.table, plan.returning, sink, false)
  }

  protected compileUpsert(plan: UpsertPlan, sink: ParameterSink): string {
    const s = '[sluice:s]'
    const proposed = plan.values.filter((v) => v.value.kind !== 'default')
    const source =
      proposed.length === 0
        ? 'SELECT 1 AS [sluice:one]'
        : `SELECT ${proposed.map((v) => `${this.writeValue(v, sink)} AS ${this.quoteIdentifier(v.column)}`).join(', ')}`
    const valueOf = (column: string): string => {
      const written = plan.values.find((v) => v.column === column)
      return written === undefined || written.value.kind === 'default'
        ? 'DEFAULT'
        : `${s}.${this.quoteIdentifier(column)}`
    }
    const on = plan.conflictColumns
      .map((c) => `${this.quoteIdentifier(plan.table.alias)}.${this.quoteIdentifier(c)} = ${valueOf(c)}`)
      .join(' AND ')
    // With nothing to update, a no-op assignment of the first key column still makes the existing row come back.
    const updates = plan.updateColumns.length === 0 ? [plan.conflictColumns[0]!] : plan.updateColumns
    const set = updates.map((c) => `${this.quoteIdentifier(c)} = ${valueOf(c)}`).join(', ')
    const matched = plan.updateWhere === undefined ? '' : ` AND ${this.predicate(plan.updateWhere, sink)}`
    const insert =
      plan.values.length === 0
        ? 'DEFAULT VALUES'
        : `(${plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')}) VALUES (${plan.values.map((v) => valueOf(v.column)).join(', ')})`
    const statement =
      `MERGE INTO ${this.qualifiedName(plan.table.name)} WITH (HOLDLOCK) AS ${this.quoteIdentifier(plan.table.alias)} ` +
      `USING (${source}) AS ${s} ON ${on} ` +
      `WHEN MATCHED${matched} THEN UPDATE SET ${set} ` +
      `WHEN NOT MATCHED THEN INSERT ${insert} ${this.output(plan.returning, true)}`
    return this.written(plan, statement, plan.table, plan.returning, sink, true)
  }

  protected override compileDelete(plan: DeletePlan, sink: ParameterSink): string {
    // No OUTPUT clause (a bare OUTPUT fails on tables with triggers): the row count says whether a row went.
    return (
      `DELETE ${this.quoteIdentifier(plan.table.alias)} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}; ` +
      'SELECT 1 AS [deleted] WHERE @@ROWCOUNT > 0;'
    )
  }

  /** `EXEC [schema].[proc] @name = @p0, …`: arguments by name, so omitted ones take the procedure's defaults. */
  protected override compileExecute(plan: ExecutePlan, sink: ParameterSink): string {
    const args = plan.arguments.map((a) => `@${a.name.replace(/^@/, '')} = ${sink.placeholder(a.value)}`)
    return `EXEC ${this.qualifiedName(plan.procedure)}${args.length === 0 ? '' : ` ${args.join(', ')}`};`
  }

  /** A procedure's first result set comes back as rows; core renames and serializes them. */
  protected override executeResult(): 'json' | 'rows' {
    return 'rows'
  }

  /** `VALUES (@p0, DEFAULT)`, or `DEFAULT VALUES` when no column is written. */
  protected insertValues(plan: InsertPlan, sink: ParameterSink): string {
    if (plan.values.length === 0) return 'DEFAULT VALUES'
    return `VALUES (${plan.values.map((v) => this.writeValue(v, sink)).join(', ')})`
  }

  /**
   * Insert-select from the proposed row, kept only when it meets the create policy. The row's values are cast to
   * their column types; its alias is the plan table's, so the policy's column references read it.
   */
  protected guardedValues(plan: InsertPlan, guard: InsertGuard, sink: ParameterSink): string {
    return this.guardedSelect(plan, guard, sink)
  }
  /** `OUTPUT inserted.[k0], … INTO @sluice_w`: the written row's key (and whether a MERGE inserted it). */
  protected output(returning: ReturnedRecord, upsert: boolean): string {
    // Without key columns (a linking row written by a multiple create) only the fact that a row was written is kept.
    const columns =
      returning.keyColumns.length === 0
        ? ['1']
        : returning.keyColumns.map((c) => `inserted.${this.quoteIdentifier(c.column)}`)
    if (upsert) columns.push(`CASE WHEN $action = 'INSERT' THEN 1 ELSE 0 END`)
    return `OUTPUT ${columns.join(', ')} INTO ${WRITTEN}`
  }

  /**
   * The write batch: XACT_ABORT, so any error rolls the whole batch back and leaves no transaction open on the
   * pooled session; the key table; the DML; the written row read back on its key with FOR JSON.
   */
  protected written(
    plan: InsertPlan | UpdatePlan | UpsertPlan,
    statement: string,
    table: TableRef,
    returning: ReturnedRecord,
    sink: ParameterSink,
    upsert: boolean,
  ): string {
    const keyTypes = buildWriteKeyTypes(plan)
    const declared =
      keyTypes.length === 0 ? ['[sluice:one] bit'] : keyTypes.map((type, i) => `[k${i}] ${MSSQL_VARIABLE_TYPES[type]}`)
    if (upsert) declared.push(`${INSERTED} bit`)
    const join = returning.keyColumns.map((c, i) => `${this.column(c)} = [w].[k${i}]`).join(' AND ')
    const read =
      keyTypes.length === 0
        ? `SELECT CAST(NULL AS nvarchar(max)) AS [data], N'[]' AS [key]${upsert ? `, [w].${INSERTED} AS [inserted]` : ''} FROM ${WRITTEN} AS [w]`
        : this.readBack(returning, keyTypes, sink, `${WRITTEN} AS [w] JOIN ${this.tableRef(table)} ON ${join}`, upsert)
    return `SET XACT_ABORT ON; BEGIN TRANSACTION; DECLARE ${WRITTEN} TABLE (${declared.join(', ')}); ${statement}; ${read}; COMMIT TRANSACTION;`
  }

  /** The written row as the caller may read it (`ReturnedRecord`): `data`, `key` and, for upserts, `inserted`. */
  protected readBack(
    returning: ReturnedRecord,
    keyTypes: readonly ScalarType[],
    sink: ParameterSink,
    from: string,
    upsert: boolean,
  ): string {
    const key = `${mssqlJsonTextArray(returning.keyColumns.map((c, i) => mssqlValueText(this.column(c), keyTypes[i])))} AS [key]`
    const inserted = upsert ? `, [w].${INSERTED} AS [inserted]` : ''
    let data = 'CAST(NULL AS nvarchar(max))'
    if (returning.columns.length > 0) {
      const record = this.record(returning.columns)
      data =
        returning.visible === undefined
          ? record
          : `CASE WHEN ${this.predicate(returning.visible, sink)} THEN ${record} END`
    }
    return `SELECT ${data} AS [data], ${key}${inserted} FROM ${from}`
  }

  /** The row as one JSON object keyed by API-level names (binary as base64, bit as true/false: FOR JSON's forms). */
  protected record(
    columns: readonly OutputColumn[],
    relations: readonly NestedSelect[] = NO_NESTED,
    sink?: ParameterSink,
    marker?: ParamRef,
  ): string {
    if (columns.length === 0 && relations.length === 0) return `CAST(NULL AS nvarchar(max))`
    // FOR JSON cannot serialize CLR types (geography, hierarchyid …): those go out as their text.
    const value = (c: OutputColumn): string =>
      c.type === 'unknown' ? `CONVERT(nvarchar(max), ${this.column(c.column)})` : this.column(c.column)
    const items = columns.map((c) => `${value(c)} AS ${this.quoteIdentifier(c.name)}`)
    // JSON_QUERY makes FOR JSON embed the nested JSON text as JSON, not as an escaped string.
    for (const n of relations)
      items.push(`JSON_QUERY(${this.nestedValue(n, sink!, marker)}) AS ${this.quoteIdentifier(n.name)}`)
    return `(SELECT ${items.join(', ')} ${JSON_OBJECT})`
  }

  /**
   * A nested relationship as one correlated sub-query inside the parent's record: `one` → the first related record
   * or NULL; `many` → the connection object built from up to limit + 1 ordered rows, records joined by STRING_AGG
   * with a plain comma (nested JSON holds no raw newline: root pages are counted by newlines). When a nested page
   * has more rows, `endCursor` is the marker parameter, the cursor index, `:` and row `limit`'s ordering values;
   * core replaces it with a signed cursor.
   */
  protected nestedValue(n: NestedSelect, sink: ParameterSink, marker: ParamRef | undefined): string {
    const tables = this.nestedTables(n)
    const where = this.nestedWhere(n, sink)
    const record = this.record(n.columns, n.relations, sink, marker)
    const order = n.orderBy.length === 0 ? '(SELECT NULL)' : n.orderBy.map((t) => this.orderTerm(t)).join(', ')
    if (n.page === undefined) return `(SELECT TOP (1) ${record} FROM ${tables}${where} ORDER BY ${order})`
    const { cursorColumns } = n.page
    const L = this.integerLiteral(n.page.limit)
    const types = cursorColumns.map((c) => n.columns.find((o) => sameColumn(o.column, c))?.type)
    const values = mssqlJsonTextArray(cursorColumns.map((c, i) => mssqlValueText(this.column(c), types[i])))
    const rows =
      `SELECT TOP (${this.integerLiteral(n.page.fetch)}) ${record} AS [j], ${values} AS [c], ROW_NUMBER() OVER (ORDER BY ${order}) AS ${ROW} ` +
      `FROM ${tables}${where} ORDER BY ${order}`
    const items = `COALESCE(N'[' + STRING_AGG(CASE WHEN [q].${ROW} <= ${L} THEN CAST([q].[j] AS nvarchar(max)) END, N',') WITHIN GROUP (ORDER BY [q].${ROW}) + N']', N'[]')`
    // Every related row of this parent the policy and filter admit, whatever page `after` asks for.
    const total =
      n.count === undefined ? '' : `, ${this.countRows(tables, [n.join, n.count.where], sink)} AS [totalCount]`
    // Without `pageInfo` the caller reads neither paging value: the object holds `items` (and the count) only.
    const paging =
      n.page.pageInfo === false
        ? ''
        : `, CAST(CASE WHEN COUNT(*) > ${L} THEN 1 ELSE 0 END AS bit) AS [hasNextPage], ${this.endCursor(n.page, sink, marker)} AS [endCursor]`
    return `(SELECT JSON_QUERY(${items}) AS [items]${paging}${total} FROM (${rows}) AS [q] ${JSON_OBJECT})`
  }

  /** The marker parameter, `<cursor index>:` and row `limit`'s ordering values, when the page has more rows. */
  protected endCursor(page: NestedPage, sink: ParameterSink, marker: ParamRef | undefined): string {
    if (marker === undefined) throw new Error('a nested page needs the cursor marker parameter')
    const L = this.integerLiteral(page.limit)
    return (
      `CASE WHEN COUNT(*) > ${L} THEN CAST(${sink.placeholder(marker)} AS nvarchar(max)) + N'${this.integerLiteral(page.cursor)}:' ` +
      `+ MAX(CASE WHEN [q].${ROW} = ${L} THEN [q].[c] END) END`
    )
  }

  /**
   * Groups as one JSON array ordered by the group columns (NULL first, SQL Server's and Sluice's rule): an inner
   * GROUP BY computes the aggregates, FOR JSON PATH nests them through dotted aliases (`fields.x`,
   * `aggregations.y`). Averages are taken in float (SQL Server's AVG of an integer column is an integer); HAVING
   * compares in float so a fractional bound works against integer aggregates.
   */
  protected aggregateSelect(plan: SelectPlan, aggregate: AggregatePlan, sink: ParameterSink): string {
    const inner = this.aggregateGroups(plan, aggregate, sink)
    const fields =
      aggregate.groupBy.length === 0
        ? [`JSON_QUERY(N'{}') AS [fields]`]
        : aggregate.groupBy.map((g, i) => `[x].[g${i}] AS ${this.quoteIdentifier(`fields.${g.name}`)}`)
    const aggs =
      aggregate.aggregations.length === 0
        ? [`JSON_QUERY(N'{}') AS [aggregations]`]
        : aggregate.aggregations.map((a, i) => `[x].[a${i}] AS ${this.quoteIdentifier(`aggregations.${a.name}`)}`)
    const order = this.orderBy(aggregate.order)
    return `SELECT COALESCE((SELECT ${[...fields, ...aggs].join(', ')} FROM (${inner}) AS [x]${order} FOR JSON PATH, INCLUDE_NULL_VALUES), N'[]') AS [data]`
  }

  protected override asDouble(expr: string): string {
    return `CAST(${expr} AS float)`
  }

  /** OFFSET … FETCH: SQL Server's page, which also lets the derived table of groups keep its ORDER BY. */
  protected override groupsPage(aggregate: AggregatePlan, sink: ParameterSink): string {
    const offset = aggregate.offset === undefined ? '0' : sink.placeholder(aggregate.offset)
    // OFFSET needs an ORDER BY; without group columns there is one group at most, in no particular order.
    const order = aggregate.order.length === 0 ? ' ORDER BY (SELECT NULL)' : ''
    return `${order} OFFSET ${offset} ROWS FETCH NEXT ${this.integerLiteral(aggregate.limit)} ROWS ONLY`
  }

  protected override aggregateCall(a: AggregateColumn): string {
    const distinct = a.distinct ? 'DISTINCT ' : ''
    const column = this.column(a.column)
    switch (a.function) {
      case 'count':
        return `COUNT_BIG(${distinct}${column})`
      case 'avg':
        return `AVG(${distinct}CAST(${column} AS float))`
      default:
        return `${a.function.toUpperCase()}(${distinct}${column})`
    }
  }
}

const NO_NESTED: readonly NestedSelect[] = Object.freeze([])

function sameColumn(a: ColumnRef, b: ColumnRef): boolean {
  return a.table === b.table && a.column === b.column
}
