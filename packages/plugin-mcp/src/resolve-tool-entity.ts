import type { EntityModel, ServiceModel } from '@sluice/core/protocol'
import { McpToolError } from './tool-result.js'

/**
 * The entity a tool call names, refused with Data API builder's error types when it is unknown, hidden from MCP
 * (`mcp.dml-tools: false`), or of the wrong kind for the tool (records vs stored procedures).
 */
export function resolveToolEntity(model: ServiceModel, name: string, want: 'records' | 'procedure'): EntityModel {
  const entity = model.entities.get(name)
  if (entity === undefined)
    throw new McpToolError('EntityNotFound', `Entity '${name}' is not defined in the configuration.`)
  if (!entity.config.mcp.dmlTools) {
    throw new McpToolError('ToolDisabled', `DML tools are disabled for entity '${name}' (mcp.dml-tools is false).`)
  }
  const isProcedure = entity.kind === 'stored-procedure'
  if (want === 'records' && isProcedure) {
    throw new McpToolError('InvalidEntity', `Entity '${name}' is a stored procedure: run it with execute_entity.`)
  }
  if (want === 'procedure' && !isProcedure) {
    throw new McpToolError(
      'InvalidEntity',
      `Entity '${name}' is not a stored procedure: execute_entity runs stored procedures only.`,
    )
  }
  return entity
}
