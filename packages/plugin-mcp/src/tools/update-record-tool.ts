import { invariant, type RequestContext } from '@sluice/core/protocol'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import { MCP_UPDATE_TERMS } from '../mcp-terms.js'
import { invalid, requiredObject, requiredString, type ToolArguments } from '../read-arguments.js'
import { resolveToolEntity } from '../resolve-tool-entity.js'
import { RawJson, successResult, type ToolResult } from '../tool-result.js'

/**
 * `update_record`: REST's PATCH with `If-Match: *` — it changes the given fields of an existing record and never
 * inserts (a missing record is `NotFound`). Same field access and update policy as REST.
 */
export function updateRecordTool(host: ToolHost): McpTool {
  return {
    name: 'update_record',
    description:
      'Updates fields of one existing record in an entity you have UPDATE permission on. keys names the record ' +
      'by its key fields (see describe_entities); fields holds the new values. Never creates a record.',
    inputSchema: {
      type: 'object',
      properties: {
        entity: { type: 'string', description: 'Entity name with UPDATE permission.' },
        keys: { type: 'object', description: 'Every key field of the record, by name, e.g. {"id": 42}.' },
        fields: { type: 'object', description: 'Field name → new value, for the fields to change.' },
      },
      required: ['entity', 'keys', 'fields'],
    },
    async call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      const entity = resolveToolEntity(host.model, requiredString(args, 'entity'), 'records')
      const keys = requiredObject(args, 'keys')
      if (Object.keys(keys).length === 0) throw invalid("Argument 'keys' must name the record's key fields.")
      const fields = requiredObject(args, 'fields')
      if (Object.keys(fields).length === 0) throw invalid("Argument 'fields' must hold at least one field to change.")
      const result = await host.pipeline.run(
        { operation: 'update', entity: entity.name, key: keys, body: fields, terms: MCP_UPDATE_TERMS },
        context,
      )
      invariant(result.kind === 'write', 'a write returns a write result')
      return successResult({
        entity: entity.name,
        result: { value: new RawJson(result.json) },
        message: `Successfully updated the record in entity '${entity.name}'.`,
      })
    },
  }
}
