import type { QualifiedName } from '../model/database-metadata.js'
import type { CaseFold } from '../filter/filter-node.js'
import type { ColumnRef, ComparePredicate, ParamRef, PredicateNode, ValueExpr } from '../plan/predicate-node.js'
import type { PlanParameter } from '../plan/plan-parameter.js'
import { visitPlan, type QueryPlan } from '../plan/query-plan.js'
import type {
  AggregateColumn,
  AggregatePlan,
  NestedSelect,
  OrderTerm,
  SelectPlan,
  TableRef,
} from '../plan/select-plan.js'
import { ROW_SOURCE_NAME, type RowSource } from '../plan/table-ref.js'
import type { DeletePlan, InsertGuard, InsertPlan, UpdatePlan, UpsertPlan, WriteValue } from '../plan/write-plan.js'
import type { ExecutePlan } from '../plan/execute-plan.js'
import { SluiceError } from '../errors/sluice-error.js'
import { invariant } from '../util/invariant.js'
import type { CompiledSql, SqlCompiler } from './sql-compiler.js'

/** Records placeholders in the order they are written, so positional dialects can bind values in that order. */
export class ParameterSink {
  readonly order: number[] = []
  constructor(private readonly render: (index: number) => string) {}

  placeholder(ref: ParamRef): string {
    this.order.push(ref.index)
    return this.render(ref.index)
  }
}

const OPERATORS = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' } as const

/**
 * The ANSI SQL every dialect shares: identifiers, predicates, ordering. Dialect compilers extend it and override
 * small hooks (quoting, placeholders, the JSON-building select), as Kysely's do. SQL is always produced in
 * textual order, so `ParameterSink.order` matches the placeholders for positional (`?`) dialects.
 */
export abstract class BaseSqlCompiler implements SqlCompiler {
  /** `true` for `$1`-style placeholders that refer to a parameter by number (values bound once, in plan order). */
  protected abstract readonly numberedParameters: boolean

  compile(plan: QueryPlan): CompiledSql {
    const sink = new ParameterSink((i) => this.placeholder(i))
    // Rendered first: its placeholders come first in the text, as positional dialects bind them.
    const rows = plan.kind === 'select' && plan.table.rows !== undefined ? this.rowSource(plan.table.rows, sink) : ''
    const statement = visitPlan(plan, {
      select: (p) => this.compileSelect(p, sink),
      insert: (p) => this.compileInsert(p, sink),
      update: (p) => this.compileUpdate(p, sink),
      upsert: (p) => this.compileUpsert(p, sink),
      delete: (p) => this.compileDelete(p, sink),
      execute: (p) => this.compileExecute(p, sink),
    })
    const sql =
      rows === ''
        ? statement
        : statement.startsWith('WITH ')
          ? `${rows}, ${statement.slice(5)}`
          : `${rows} ${statement}`
    const parameterOrder = this.numberedParameters ? plan.parameters.map((_, i) => i) : sink.order
    return plan.kind === 'execute' ? { sql, parameterOrder, result: this.executeResult(plan) } : { sql, parameterOrder }
  }

  bindParameters(plan: QueryPlan, compiled: CompiledSql): unknown[] {
    return compiled.parameterOrder.map((i) => this.convertParameter(plan.parameters[i]!))
  }

  protected abstract compileSelect(plan: SelectPlan, sink: ParameterSink): string
  protected abstract compileInsert(plan: InsertPlan, sink: ParameterSink): string
  protected abstract compileUpdate(plan: UpdatePlan, sink: ParameterSink): string
  /** Only called when the dialect declares `nativeUpsert`; others may throw. */
  protected abstract compileUpsert(plan: UpsertPlan, sink: ParameterSink): string
  /** `DELETE … RETURNING 1 AS "deleted"`: one row per deleted row. Engines without RETURNING override it. */
  protected compileDelete(plan: DeletePlan, sink: ParameterSink): string {
    return `DELETE FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} RETURNING 1 AS ${this.quoteIdentifier('deleted')}`
  }

  /**
   * The grouping statement of an aggregation (`SelectPlan.aggregate`): the group columns as `g0`…, the aggregates
   * as `a0`…, the read's filter, GROUP BY and HAVING, each bound compared as a double (`asDouble`) so a fractional
   * bound works against an integer aggregate; then, over that as `x`, the page of groups (`AggregatePlan.order`,
   * `limit`, `offset`), so the database never builds more groups than the request may read. A dialect's
   * `compileSelect` wraps it in the JSON its engine builds — `[{"fields": {…}, "aggregations": {…}}, …]` in the
   * same order — reading `g<i>`, `a<i>`.
   */
  protected aggregateGroups(plan: SelectPlan, aggregate: AggregatePlan, sink: ParameterSink): string {
    const groups = aggregate.groupBy.map((g, i) => `${this.column(g.column)} AS ${this.quoteIdentifier(`g${i}`)}`)
    const values = aggregate.aggregations.map((a, i) => `${this.aggregateCall(a)} AS ${this.quoteIdentifier(`a${i}`)}`)
    // Rendered in textual order (the filter's placeholders before HAVING's), for positional placeholders.
    const from = ` FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}`
    const having = aggregate.aggregations.flatMap((a) =>
      a.having.map((h) => {
        const value = this.asDouble(this.aggregateCall(a))
        if (h.op === 'in') return `${value} IN (${h.values.map((v) => this.asDouble(sink.placeholder(v))).join(', ')})`
        return `${value} ${OPERATORS[h.op]} ${this.asDouble(sink.placeholder(h.values[0]!))}`
      }),
    )
    const grouped =
      `SELECT ${[...groups, ...values].join(', ') || `1 AS ${this.quoteIdentifier('sluice:one')}`}${from}` +
      `${groups.length === 0 ? '' : ` GROUP BY ${aggregate.groupBy.map((g) => this.column(g.column)).join(', ')}`}` +
      `${having.length === 0 ? '' : ` HAVING ${having.join(' AND ')}`}`
    return `SELECT * FROM (${grouped}) AS ${this.quoteIdentifier('x')}${this.orderBy(aggregate.order)}${this.groupsPage(aggregate, sink)}`
  }

  /** ` LIMIT <limit> OFFSET <offset>` after the groups' ORDER BY (SQL Server spells it OFFSET … FETCH). */
  protected groupsPage(aggregate: AggregatePlan, sink: ParameterSink): string {
    const offset = aggregate.offset === undefined ? '' : ` OFFSET ${sink.placeholder(aggregate.offset)}`
    return ` LIMIT ${this.integerLiteral(aggregate.limit)}${offset}`
  }

  /**
   * The rows of a guarded insert (`InsertPlan.guard`, a create policy): the proposed row as a derived table under the
   * plan table's alias (so the policy's column references read it), its values cast to their column types (`castTo`:
   * a SELECT gives placeholders no type from the target), kept only when it meets the policy:
   * `SELECT t.a, t.b FROM (SELECT CAST(? AS …) AS a, …) AS t WHERE <policy>`. The dialect puts it after
   * `INSERT INTO … (a, b)`.
   */
  protected guardedSelect(plan: InsertPlan, guard: InsertGuard, sink: ParameterSink): string {
    const t = this.quoteIdentifier(plan.table.alias)
    const row = guard.columns.map((c, i) => {
      const v = plan.values[i]
      const value = v === undefined || v.value.kind === 'default' ? 'NULL' : sink.placeholder(v.value)
      return `${this.castTo(value, c.dbType)} AS ${this.quoteIdentifier(c.column)}`
    })
    const selected = plan.values.map((v) => `${t}.${this.quoteIdentifier(v.column)}`).join(', ')
    return `SELECT ${selected || this.emptyInsertSelectList()} FROM (SELECT ${row.join(', ')}) AS ${t} WHERE ${this.predicate(guard.predicate, sink)}`
  }

  /** A value cast to a column's database type (`guardedSelect`). */
  protected castTo(value: string, dbType: string): string {
    return `CAST(${value} AS ${dbType})`
  }

  /** The select list of a guarded insert that writes no column (every value its default): empty in ANSI SQL. */
  protected emptyInsertSelectList(): string {
    return ''
  }

  /** One aggregate of `aggregateGroups`: `count(DISTINCT t.c)`. */
  protected aggregateCall(a: AggregateColumn): string {
    return `${a.function}(${a.distinct ? 'DISTINCT ' : ''}${this.column(a.column)})`
  }

  /** An expression as a double-precision number (HAVING bounds). */
  protected asDouble(expr: string): string {
    return `CAST(${expr} AS DOUBLE PRECISION)`
  }
  /**
   * A stored-procedure call (see `ExecutePlan` for the result contract). Dialects with `capabilities.storedProcedures`
   * override it; the default refuses, naming the missing capability.
   */
  protected compileExecute(plan: ExecutePlan, sink: ParameterSink): string {
    void plan
    void sink
    throw new SluiceError('SLUICE_ERR_NOT_SUPPORTED', { feature: 'Stored procedures (capability storedProcedures)' })
  }

  /** How `compileExecute`'s statement returns the first result set (`CompiledSql.result`); JSON by default. */
  protected executeResult(plan: ExecutePlan): 'json' | 'rows' {
    void plan
    return 'json'
  }

  protected abstract quoteIdentifier(name: string): string
  /** The placeholder for parameter `index` (0-based). */
  protected abstract placeholder(index: number): string

  /** A value converted for the driver; the default passes plan values through. */
  protected convertParameter(parameter: PlanParameter): unknown {
    return parameter.value
  }

  /** A non-negative integer for SQL text (page sizes): anything else is a bug, never user input. */
  protected integerLiteral(n: number): string {
    invariant(Number.isSafeInteger(n) && n >= 0, `integer literal expected, got ${String(n)}`)
    return String(n)
  }

  /**
   * ` OFFSET <n>` after a page's LIMIT when the page goes by position (`PageResult.offset`, keyless views); empty
   * otherwise. The count is a parameter: it comes from a cursor, so it varies per request.
   */
  protected offset(result: { readonly offset?: ParamRef | undefined }, sink: ParameterSink): string {
    return result.offset === undefined ? '' : ` OFFSET ${sink.placeholder(result.offset)}`
  }

  protected quoteString(text: string): string {
    return `'${text.replace(/'/g, "''")}'`
  }

  protected qualifiedName(name: QualifiedName): string {
    return name.schema === undefined
      ? this.quoteIdentifier(name.name)
      : `${this.quoteIdentifier(name.schema)}.${this.quoteIdentifier(name.name)}`
  }

  protected tableRef(table: TableRef): string {
    const source = table.rows === undefined ? this.qualifiedName(table.name) : this.quoteIdentifier(ROW_SOURCE_NAME)
    return `${source} AS ${this.quoteIdentifier(table.alias)}`
  }

  /**
   * `WITH "sluice:rows" AS (SELECT CAST(? AS …) AS a, … UNION ALL SELECT …)`: the rows a plan reads instead of its
   * table (`TableRef.rows`), each value cast to its column's type as a guarded insert's proposed row is.
   */
  protected rowSource(rows: RowSource, sink: ParameterSink): string {
    const selects = rows.values.map((row) => {
      const values = rows.columns.map(
        (c, j) => `${this.castTo(sink.placeholder(row[j]!), c.dbType)} AS ${this.quoteIdentifier(c.column)}`,
      )
      return `SELECT ${values.join(', ')}`
    })
    return `WITH ${this.quoteIdentifier(ROW_SOURCE_NAME)} AS (${selects.join(' UNION ALL ')})`
  }

  protected column(ref: ColumnRef): string {
    return `${this.quoteIdentifier(ref.table)}.${this.quoteIdentifier(ref.column)}`
  }

  protected value(expr: ValueExpr, sink: ParameterSink): string {
    switch (expr.kind) {
      case 'column':
        return this.column(expr)
      case 'param':
        return sink.placeholder(expr)
      case 'caseFold':
        return this.caseFold(expr.fold, this.value(expr.operand, sink))
    }
  }

  /**
   * A text expression (a column or a parameter) folded to one case (`CaseFoldExpr`). The folded text must compare
   * by code point whatever the column's collation (a case-insensitive collation would make `tolower(a) eq tolower(b)`
   * mean something else per engine), so dialects fold under a binary collation they name; this ANSI default only
   * folds.
   */
  protected caseFold(fold: CaseFold, operand: string): string {
    return `${fold === 'lower' ? 'LOWER' : 'UPPER'}(${operand})`
  }

  /** A written value: its placeholder, or `DEFAULT`. */
  protected writeValue(value: WriteValue, sink: ParameterSink): string {
    return value.value.kind === 'default' ? 'DEFAULT' : sink.placeholder(value.value)
  }

  /** `"a" = $1, "b" = DEFAULT` for UPDATE … SET. */
  protected assignments(values: readonly WriteValue[], sink: ParameterSink): string {
    return values.map((v) => `${this.quoteIdentifier(v.column)} = ${this.writeValue(v, sink)}`).join(', ')
  }

  /** The LIKE escape clause for patterns escaped with backslash. */
  protected likeEscape(): string {
    return ` ESCAPE '\\'`
  }

  protected predicate(node: PredicateNode, sink: ParameterSink): string {
    switch (node.kind) {
      case 'compare':
        return this.comparison(node, sink)
      case 'isNull':
        return `${this.column(node.operand)} IS ${node.negated ? 'NOT ' : ''}NULL`
      case 'like':
        return `${this.value(node.operand, sink)} ${node.negated ? 'NOT ' : ''}LIKE ${this.value(node.pattern, sink)}${this.likeEscape()}`
      case 'in':
        return `${this.value(node.operand, sink)} IN (${node.values.map((v) => this.value(v, sink)).join(', ')})`
      case 'and':
      case 'or':
        return node.items.length === 0
          ? this.constant(node.kind === 'and')
          : node.items.map((item) => this.nested(item, sink)).join(node.kind === 'and' ? ' AND ' : ' OR ')
      case 'not':
        return `NOT (${this.predicate(node.item, sink)})`
      case 'constant':
        return this.constant(node.value)
      case 'exists':
        return `EXISTS (SELECT 1 FROM ${node.from.map((t) => this.tableRef(t)).join(', ')}${this.where(node.where, sink)})`
    }
  }

  /**
   * `left op right`. A dialect whose stored forms compare only after a conversion (SQLite keeps dates and date-times
   * as text of different lengths) overrides it; `comparisonOperator` gives the operator's SQL.
   */
  protected comparison(node: ComparePredicate, sink: ParameterSink): string {
    return `${this.value(node.left, sink)} ${this.comparisonOperator(node.op)} ${this.value(node.right, sink)}`
  }

  protected comparisonOperator(op: ComparePredicate['op']): string {
    return OPERATORS[op]
  }

  protected constant(value: boolean): string {
    return value ? '1=1' : '1=0'
  }

  /** A predicate as an operand of AND/OR: parenthesized unless it is a single comparison. */
  protected nested(node: PredicateNode, sink: ParameterSink): string {
    const sql = this.predicate(node, sink)
    return node.kind === 'and' || node.kind === 'or' ? `(${sql})` : sql
  }

  protected where(node: PredicateNode | undefined, sink: ParameterSink): string {
    return node === undefined ? '' : ` WHERE ${this.predicate(node, sink)}`
  }

  /**
   * `(SELECT COUNT(*) FROM <from> WHERE …)`: the rows a `CountPlan` counts, as a scalar sub-query. `from` is the
   * FROM list as SQL; `where` the conditions to join with AND (a nested count's join, then its `CountPlan.where`).
   */
  protected countRows(from: string, where: readonly (PredicateNode | undefined)[], sink: ParameterSink): string {
    const present = where.filter((p): p is PredicateNode => p !== undefined)
    const conditions = present.length === 0 ? '' : ` WHERE ${present.map((p) => this.nested(p, sink)).join(' AND ')}`
    return `(SELECT ${this.countAll()} FROM ${from}${conditions})`
  }

  /** `, (SELECT COUNT(*) …) AS count` when the plan counts its rows (an uncorrelated sub-query, run once), else ''. */
  protected count(plan: SelectPlan, sink: ParameterSink): string {
    return plan.count === undefined
      ? ''
      : `, ${this.countRows(this.tableRef(plan.table), [plan.count.where], sink)} AS ${this.quoteIdentifier('count')}`
  }

  /** The FROM list of a nested relationship: the related table, and the linking table of a many-to-many. */
  protected nestedTables(n: NestedSelect): string {
    return n.linking === undefined
      ? this.tableRef(n.table)
      : `${this.tableRef(n.table)} CROSS JOIN ${this.tableRef(n.linking)}`
  }

  /** ` WHERE <join> AND <filter>` of a nested relationship (`join`: its condition on the parent, `n.join` by default). */
  protected nestedWhere(n: NestedSelect, sink: ParameterSink, join: PredicateNode = n.join): string {
    return ` WHERE ${this.nested(join, sink)}${n.where === undefined ? '' : ` AND ${this.nested(n.where, sink)}`}`
  }

  /** The aggregate that counts rows (SQL Server: `COUNT_BIG(*)`, beyond 2^31). */
  protected countAll(): string {
    return 'COUNT(*)'
  }

  /** Sluice's NULL rule: NULL is the lowest value (first ascending, last descending). ANSI spells it out. */
  protected orderTerm(term: OrderTerm): string {
    const dir = term.direction === 'asc' ? 'ASC' : 'DESC'
    if (!term.nullable) return `${this.column(term.column)} ${dir}`
    return `${this.column(term.column)} ${dir} NULLS ${term.direction === 'asc' ? 'FIRST' : 'LAST'}`
  }

  protected orderBy(terms: readonly OrderTerm[]): string {
    return terms.length === 0 ? '' : ` ORDER BY ${terms.map((t) => this.orderTerm(t)).join(', ')}`
  }
}
