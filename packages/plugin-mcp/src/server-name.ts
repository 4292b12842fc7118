/** Data API builder's MCP server name, which clients show to users. */
export const SERVER_NAME = 'SQL MCP Server'
