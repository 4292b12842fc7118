import {
  invariant,
  type AggregateFunction,
  type EntityModel,
  type HavingCondition,
  type OperationRequest,
  type OperationResult,
  type RequestContext,
} from '@sluice/core/protocol'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import { MCP_TERMS } from '../mcp-terms.js'
import { parseFilterArgument } from '../parse-filter-argument.js'
import {
  invalid,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalStringArray,
  requiredString,
  type ToolArguments,
} from '../read-arguments.js'
import { resolveToolEntity } from '../resolve-tool-entity.js'
import { McpToolError, successResult, type ToolResult } from '../tool-result.js'

const FUNCTIONS: readonly AggregateFunction[] = ['count', 'avg', 'sum', 'min', 'max']
/** Data API builder's `having` keys → core's comparison operators. */
const HAVING_OPERATORS = { eq: 'eq', neq: 'ne', gt: 'gt', gte: 'ge', lt: 'lt', lte: 'le' } as const

interface Group {
  readonly fields: Record<string, unknown>
  readonly aggregations: Record<string, number | null>
}

/**
 * `aggregate_records`: one aggregate (count, avg, sum, min, max) over the rows a read with `filter` selects — after
 * the role's row policy, over fields the role may read — optionally per group (`groupby`) and filtered on the value
 * (`having`). The database aggregates, orders the groups by the aggregate value (`orderby`, default desc) and
 * returns one page of them: `first` after the offset an `after` cursor carries (Data API builder's offset cursor),
 * one more to learn whether another page follows. Without `first` every group is returned — up to
 * `max-page-size`; more is refused with a message that says to page, rather than cut short silently.
 * Result rows are `{<groupby fields>…, <alias>: value}` with alias `count` for `count(*)`, else `{function}_{field}`.
 */
export function aggregateRecordsTool(host: ToolHost): McpTool {
  const timeoutMs = host.config.runtime.mcp.dmlTools['aggregate-records'].queryTimeoutSeconds * 1000
  const maxGroups = host.config.runtime.pagination.maxPageSize
  return {
    name: 'aggregate_records',
    description:
      'Computes count, avg, sum, min or max over the records of an entity you have READ permission on, optionally ' +
      'filtered (OData filter), grouped (groupby) and filtered on the aggregate value (having). Call describe_entities first.',
    inputSchema: {
      type: 'object',
      properties: {
        entity: { type: 'string', description: 'Entity name with READ permission.' },
        function: { type: 'string', enum: [...FUNCTIONS], description: 'The aggregate function.' },
        field: { type: 'string', description: "Field to aggregate; '*' (the default) only with count, counting rows." },
        distinct: { type: 'boolean', description: 'Aggregate distinct values only.' },
        filter: { type: 'string', description: 'OData filter applied to the rows before aggregating.' },
        groupby: {
          type: 'array',
          items: { type: 'string' },
          description: 'Fields to group by; each group returns its values.',
        },
        orderby: {
          type: 'string',
          enum: ['asc', 'desc'],
          description: 'Order of the groups by aggregate value (default desc).',
        },
        having: {
          type: 'object',
          description:
            'Conditions on the aggregate value: eq, neq, gt, gte, lt, lte (numbers) and in (array of numbers).',
          properties: {
            eq: { type: 'number' },
            neq: { type: 'number' },
            gt: { type: 'number' },
            gte: { type: 'number' },
            lt: { type: 'number' },
            lte: { type: 'number' },
            in: { type: 'array', items: { type: 'number' } },
          },
        },
        first: {
          type: 'integer',
          description: 'Page size over the groups; the result then has items, endCursor and hasNextPage.',
        },
        after: { type: 'string', description: 'endCursor of the previous page.' },
      },
      required: ['entity', 'function'],
    },
    async call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      const entity = resolveToolEntity(host.model, requiredString(args, 'entity'), 'records')
      const fn = requiredString(args, 'function').toLowerCase() as AggregateFunction
      if (!FUNCTIONS.includes(fn)) throw invalid(`Argument 'function' must be one of ${FUNCTIONS.join(', ')}.`)
      const field = optionalString(args, 'field')?.trim() || '*'
      if (field === '*' && fn !== 'count')
        throw invalid(`Field '*' can only be used with count; ${fn} needs a field name.`)
      const order = optionalString(args, 'orderby')?.toLowerCase() ?? 'desc'
      if (order !== 'asc' && order !== 'desc') throw invalid("Argument 'orderby' must be 'asc' or 'desc'.")
      const groupBy = optionalStringArray(args, 'groupby') ?? []
      const first = optionalInteger(args, 'first')
      if (first !== undefined && first < 1) throw invalid("Argument 'first' must be a positive integer.")
      const offset = decodeOffset(optionalString(args, 'after'))
      if (first !== undefined && first > maxGroups)
        throw invalid(`Argument 'first' must be at most ${maxGroups} (max-page-size).`)
      const alias = field === '*' ? 'count' : `${fn}_${field}`
      const signal = AbortSignal.timeout(timeoutMs)
      const request: OperationRequest = {
        operation: 'read',
        entity: entity.name,
        filter: parseFilterArgument(optionalString(args, 'filter')),
        // One group more than the page, to learn whether another follows (a full page of max-page-size cannot tell).
        first: first === undefined || first >= maxGroups ? -1 : first + 1,
        aggregate: {
          groupBy,
          aggregations: [
            {
              as: alias,
              function: fn,
              field: field === '*' ? countField(entity, context.role) : field,
              distinct: optionalBoolean(args, 'distinct') ?? false,
              having: parseHaving(optionalObject(args, 'having')),
            },
          ],
          orderBy: { aggregation: alias, direction: order },
          offset,
        },
        terms: MCP_TERMS,
      }
      // The request's own context (query-cost budget, Cache-Control) with the tool's query timeout as its signal.
      const timed: RequestContext = { ...context, signal }
      let result: OperationResult
      try {
        result = await host.pipeline.run(request, timed)
      } catch (error) {
        if (!signal.aborted) throw error
        throw new McpToolError(
          'TimeoutError',
          `The aggregation did not finish within ${timeoutMs / 1000} seconds (aggregate-records.query-timeout); narrow the filter or group by fewer fields.`,
        )
      }
      invariant(result.kind === 'read', 'an aggregate read returns a read result')
      const rows = (JSON.parse(result.json) as Group[]).map((g) => flatten(g, alias))
      // The database ordered them already; sorted again (stable) so NULL's place does not depend on the engine.
      rows.sort((a, b) => compareValues(a[alias], b[alias]) * (order === 'asc' ? 1 : -1))
      const message = `Successfully computed ${alias} for entity '${entity.name}'.`
      if (first === undefined) {
        if (rows.length >= maxGroups) {
          throw invalid(
            `The aggregation has ${maxGroups} groups or more (max-page-size); page through them with 'first' and 'after'.`,
          )
        }
        return successResult({ entity: entity.name, result: rows, message })
      }
      const items = rows.slice(0, first)
      const hasNextPage = rows.length > first
      const endCursor = hasNextPage ? Buffer.from(String(offset + first)).toString('base64') : null
      return successResult({ entity: entity.name, result: { items, endCursor, hasNextPage }, message })
    },
  }
}

/** `count(*)`: counting a key field (never null) counts rows, as Data API builder does; else a non-nullable field. */
function countField(entity: EntityModel, role: string): string {
  const readable = entity.permissions.resolve(role, 'read')?.fields
  const candidates = [...entity.keyFields, ...entity.fields.filter((f) => !f.nullable)]
  const chosen = candidates.find((f) => readable === undefined || readable.has(f.name))
  if (chosen === undefined)
    throw invalid(`count(*) on '${entity.name}' needs a non-null field you may read; name a field to count instead.`)
  return chosen.name
}

function parseHaving(having: Record<string, unknown> | undefined): HavingCondition[] | undefined {
  if (having === undefined) return undefined
  const conditions: HavingCondition[] = []
  for (const [key, value] of Object.entries(having)) {
    if (key === 'in') {
      if (!Array.isArray(value) || !value.every((v): v is number => typeof v === 'number'))
        throw invalid('having.in must be an array of numbers.')
      conditions.push({ op: 'in', values: value })
      continue
    }
    const op = HAVING_OPERATORS[key as keyof typeof HAVING_OPERATORS]
    if (op === undefined) throw invalid(`Unknown having operator '${key}': use eq, neq, gt, gte, lt, lte or in.`)
    if (typeof value !== 'number') throw invalid(`having.${key} must be a number.`)
    conditions.push({ op, value })
  }
  return conditions
}

/** The offset a previous page's `endCursor` carries (base64 of a non-negative integer); none means the start. */
function decodeOffset(after: string | undefined): number {
  if (after === undefined || after === '') return 0
  const text = Buffer.from(after, 'base64').toString('utf8')
  if (!/^\d{1,9}$/.test(text)) throw invalid("Argument 'after' is not a cursor returned by aggregate_records.")
  return Number(text)
}

function flatten(group: Group, alias: string): Record<string, unknown> {
  const row: Record<string, unknown> = Object.assign({}, group.fields)
  row[alias] = group.aggregations[alias] ?? null
  return row
}

/** `null` (an aggregate over no values) sorts as the smallest value. */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return -1
  if (b === null || b === undefined) return 1
  return (a as number) < (b as number) ? -1 : 1
}
