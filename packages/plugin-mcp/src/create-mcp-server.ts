import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import { CORE_VERSION, type Logger, type RequestContext, type RuntimeConfig } from '@sluice/core/protocol'
import type { ToolSet } from './build-tools.js'
import type { ToolArguments } from './read-arguments.js'
import { SERVER_NAME } from './server-name.js'
import { errorResult, McpToolError } from './tool-result.js'

/**
 * One SDK server answering `tools/list` and `tools/call` from a prebuilt tool set. `contextFor` gives the caller's
 * request context per call (over HTTP, the context the server authenticated for the request; over stdio, the
 * configured role). Cheap enough to build per HTTP request: the tools and their schemas are built once. The tool set
 * may still be coming (stdio answers `initialize` while the database is introspected); tool requests wait for it.
 */
export function createMcpServer(
  tools: ToolSet | Promise<ToolSet>,
  config: RuntimeConfig,
  log: Logger,
  contextFor: () => RequestContext,
): Server {
  const server = new Server(
    { name: SERVER_NAME, version: CORE_VERSION },
    {
      capabilities: { tools: {} },
      ...(config.runtime.mcp.description === undefined ? {} : { instructions: config.runtime.mcp.description }),
    },
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...(await tools).listing] }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const toolSet = await tools
    const { name } = request.params
    const context = contextFor()
    const tool = toolSet.tools.get(name)
    if (tool === undefined) {
      if (!toolSet.disabled.has(name)) throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found`)
      return errorResult(
        name,
        new McpToolError('ToolDisabled', `The ${name} tool is disabled in the configuration.`),
        context.mode,
        log,
      )
    }
    try {
      return await tool.call((request.params.arguments ?? {}) as ToolArguments, context)
    } catch (error) {
      return errorResult(name, error, context.mode, log)
    }
  })
  return server
}
