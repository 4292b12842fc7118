import { invariant, parseExpandExpression, reshapeExpandedArray, type RequestContext } from '@sluice/core/protocol'
import { afterMember, asArrays, buildExpandedLevel } from '../build-expanded-level.js'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import { MCP_TERMS } from '../mcp-terms.js'
import { parseFilterArgument } from '../parse-filter-argument.js'
import { parseOrderByArgument } from '../parse-order-by-argument.js'
import {
  optionalBoolean,
  optionalInteger,
  optionalString,
  optionalStringArray,
  requiredString,
  type ToolArguments,
} from '../read-arguments.js'
import { resolveToolEntity } from '../resolve-tool-entity.js'
import { RawJson, successResult, type ToolResult } from '../tool-result.js'

/**
 * `read_records`: REST's GET on a table or view — same field access, row policies, paging and cursors. The result is
 * `{entity, result: {count?, value: [...], after?}, message}`; `count` (every matching record) only when asked for,
 * `after` (the cursor for the next page) only when there is one. `expand` nests related records as REST's `$expand`.
 */
export function readRecordsTool(host: ToolHost): McpTool {
  return {
    name: 'read_records',
    description:
      'Reads records of an entity (table or view) you have READ permission on. STEP 1: describe_entities to find ' +
      'entities and fields. STEP 2: call this with optional select, filter, orderby, first and after (the cursor from a previous page); ' +
      'count: true adds the number of matching records; expand nests related records (relationships from describe_entities).',
    inputSchema: {
      type: 'object',
      properties: {
        entity: { type: 'string', description: 'Entity name with READ permission.' },
        select: { type: 'string', description: 'Comma-separated field names (default: every field you may read).' },
        filter: {
          type: 'string',
          description:
            'OData filter expression: eq, ne, gt, ge, lt, le, and, or, not, in (…), contains/startswith/endswith, tolower/toupper ' +
            '(e.g. "year ge 2000 and tolower(title) eq \'dune\'" or "id in (1, 2, 3)").',
        },
        orderby: {
          type: 'array',
          items: { type: 'string' },
          description: "Sort fields and directions, e.g. ['name asc', 'year desc'].",
        },
        first: {
          type: 'integer',
          description: 'Maximum number of records (page size); -1 for the configured maximum.',
        },
        after: { type: 'string', description: "Cursor from the previous page's result.after." },
        count: {
          type: 'boolean',
          description: 'true: also return result.count, the number of records matching filter (on all pages together).',
        },
        expand: {
          type: 'string',
          description:
            "Related records to nest, OData $expand syntax: 'publisher,authors($select=name;$filter=...;$orderby=name;$first=5;$count=true;$expand=books)'. " +
            'A one-relationship gives an object or null, a many-relationship an array (first 100 unless $first), with <name>@count when counted ' +
            "and <name>@after when more exist: read them with filter on this record's key and expand '<name>(…;$after=<that value>)'.",
        },
      },
      required: ['entity'],
    },
    async call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      const entity = resolveToolEntity(host.model, requiredString(args, 'entity'), 'records')
      const select = optionalString(args, 'select')
      const orderby = optionalStringArray(args, 'orderby')
      const expand = optionalString(args, 'expand')
      const relations =
        expand === undefined || expand.trim() === '' ? undefined : asArrays(parseExpandExpression(expand, 'expand'))
      const result = await host.pipeline.run(
        {
          operation: 'read',
          entity: entity.name,
          select: select === undefined || select.trim() === '' ? undefined : select.split(',').map((s) => s.trim()),
          filter: parseFilterArgument(optionalString(args, 'filter')),
          orderBy: orderby === undefined ? undefined : parseOrderByArgument(orderby),
          first: optionalInteger(args, 'first'),
          after: optionalString(args, 'after'),
          count: optionalBoolean(args, 'count'),
          relations,
          terms: MCP_TERMS,
        },
        context,
      )
      invariant(result.kind === 'read', 'a read returns a read result')
      const page: Record<string, unknown> = result.count === undefined ? {} : { count: result.count }
      page['value'] = new RawJson(
        relations === undefined
          ? result.json
          : reshapeExpandedArray(result.json, buildExpandedLevel(entity, relations, host.model), afterMember),
      )
      if (result.endCursor !== null) page['after'] = result.endCursor
      return successResult({
        entity: entity.name,
        result: page,
        message: `Successfully read records from entity '${entity.name}'.`,
      })
    },
  }
}
