import { invariant, type RequestContext } from '@sluice/core/protocol'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import { MCP_TERMS } from '../mcp-terms.js'
import { invalid, requiredObject, requiredString, type ToolArguments } from '../read-arguments.js'
import { resolveToolEntity } from '../resolve-tool-entity.js'
import { successResult, type ToolResult } from '../tool-result.js'

/** `delete_record`: REST's DELETE by key — same delete policy; a missing record is `NotFound`. */
export function deleteRecordTool(host: ToolHost): McpTool {
  return {
    name: 'delete_record',
    description:
      'Deletes one record, named by all its key fields (see describe_entities), from an entity you have DELETE permission on.',
    inputSchema: {
      type: 'object',
      properties: {
        entity: { type: 'string', description: 'Entity name with DELETE permission.' },
        keys: { type: 'object', description: 'Every key field of the record, by name, e.g. {"id": 42}.' },
      },
      required: ['entity', 'keys'],
    },
    async call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      const entity = resolveToolEntity(host.model, requiredString(args, 'entity'), 'records')
      const keys = requiredObject(args, 'keys')
      if (Object.keys(keys).length === 0) throw invalid("Argument 'keys' must name the record's key fields.")
      const result = await host.pipeline.run(
        { operation: 'delete', entity: entity.name, key: keys, terms: MCP_TERMS },
        context,
      )
      invariant(result.kind === 'write' && result.outcome === 'deleted', 'a delete returns a deleted write result')
      return successResult({ entity: entity.name, keyDetails: keys, message: 'Record deleted successfully' })
    },
  }
}
