import type { VerbOption } from './parse-verb-arguments.js'

/** The flags `dab add` and `dab update` share (Data API builder's EntityOptions). List flags take commas or several words. */
export const ENTITY_OPTIONS: readonly VerbOption[] = [
  { flags: '--source.type <type>', description: 'Type of the database object: table, view or stored-procedure' },
  {
    flags: '--source.params <name:value...>',
    description: 'Deprecated stored-procedure parameters "p1:v1,p2:v2" (use --parameters.*)',
  },
  {
    flags: '--source.key-fields <fields...>',
    description: 'Key columns of a table or view, written as fields with "primary-key": true',
  },
  { flags: '--rest <route>', description: "true, false, or the entity's REST path" },
  {
    flags: '--rest.methods <methods...>',
    description: 'HTTP methods of a stored procedure: get, post, put, patch, delete (default: post)',
  },
  { flags: '--graphql <type>', description: 'true, false, a singular name, or singular:plural' },
  {
    flags: '--graphql.operation <operation>',
    description: 'GraphQL operation of a stored procedure: query or mutation (default: mutation)',
  },
  { flags: '--fields.include <fields...>', description: 'Fields the permission allows (* for all)' },
  { flags: '--fields.exclude <fields...>', description: 'Fields the permission excludes' },
  {
    flags: '--policy-request <rule>',
    description: 'Not supported: the config schema has no request policy',
    hidden: true,
  },
  {
    flags: '--policy-database <rule>',
    description: 'OData-style filter added to the permission\'s queries ("@item.owner eq @claims.sub")',
  },
  { flags: '--cache.enabled <bool>', description: "Cache the entity's read results (default: false)" },
  { flags: '--cache.ttl-seconds <seconds>', description: 'Time to live of cached results' },
  { flags: '--cache.level <level>', description: 'Cache level: L1 or L1L2' },
  { flags: '--health.enabled <bool>', description: 'Include the entity in health checks (default: true)' },
  {
    flags: '--description <text>',
    description: 'Description of the entity (API documentation, GraphQL comments, MCP)',
  },
  { flags: '--parameters.name <names...>', description: 'Stored-procedure parameter names, comma-separated' },
  { flags: '--parameters.description <texts...>', description: 'Their descriptions, by position' },
  { flags: '--parameters.required <bools...>', description: 'Whether each is required (true/false), by position' },
  { flags: '--parameters.default <values...>', description: 'Their default values, by position' },
  { flags: '--fields.name <columns...>', description: 'Columns to describe in fields, comma-separated' },
  { flags: '--fields.alias <aliases...>', description: 'Their exposed names, by position' },
  { flags: '--fields.description <texts...>', description: 'Their descriptions, by position' },
  { flags: '--fields.primary-key <bools...>', description: 'Whether each is a key column (true/false), by position' },
  { flags: '--mcp.dml-tools <bool>', description: "Offer the entity to MCP's DML tools (default: true)" },
  { flags: '--mcp.custom-tool <bool>', description: 'Publish a stored procedure as its own MCP tool (default: false)' },
]
