/** The MCP protocol plugin: add it to a server's plugins to publish the SQL MCP Server tools at `runtime.mcp.path`. */
export { mcpPlugin } from './mcp-plugin.js'
/** MCP over stdin/stdout with a fixed role (`sluice start --mcp-stdio role:NAME`). */
export { serveMcpStdio } from './serve-mcp-stdio.js'
export type { McpStdioOptions, McpStdioSession } from './serve-mcp-stdio.js'
export { SERVER_NAME } from './server-name.js'
