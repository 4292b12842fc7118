import { createActions, readPermissionArgument } from './build-permissions.js'
import { CliError } from './cli-error.js'
import { isJsonObject, objectAt, readConfigDocument, writeConfigDocument, type JsonObject } from './config-document.js'
import { findConfigFileToEdit } from './find-config-file.js'
import type { ConfigVerb } from './run-config-verb.js'
import type { VerbOptions } from './verb-options.js'
import { workingDirectory } from './working-directory.js'

/** Each flag and the key it writes under `autoentities.<definition>`, with how its value is read. */
const SETTINGS: readonly {
  flag: string
  path: readonly string[]
  read: (options: VerbOptions, flag: string) => unknown
}[] = [
  { flag: 'patterns.include', path: ['patterns', 'include'], read: (o, f) => o.list(f) },
  { flag: 'patterns.exclude', path: ['patterns', 'exclude'], read: (o, f) => o.list(f) },
  { flag: 'patterns.name', path: ['patterns', 'name'], read: (o, f) => o.string(f) },
  { flag: 'template.mcp.dml-tools', path: ['template', 'mcp', 'dml-tools'], read: (o, f) => o.boolean(f) },
  { flag: 'template.rest.enabled', path: ['template', 'rest', 'enabled'], read: (o, f) => o.boolean(f) },
  { flag: 'template.graphql.enabled', path: ['template', 'graphql', 'enabled'], read: (o, f) => o.boolean(f) },
  { flag: 'template.cache.enabled', path: ['template', 'cache', 'enabled'], read: (o, f) => o.boolean(f) },
  {
    flag: 'template.cache.ttl-seconds',
    path: ['template', 'cache', 'ttl-seconds'],
    read: (o, f) => o.integer(f, { min: 1 }),
  },
  {
    flag: 'template.cache.level',
    path: ['template', 'cache', 'level'],
    read: (o, f) => o.choice(f, ['L1', 'L1L2'] as const),
  },
  { flag: 'template.health.enabled', path: ['template', 'health', 'enabled'], read: (o, f) => o.boolean(f) },
]

/**
 * `sluice auto-config <definition>`: creates or changes `autoentities.<definition>` with `dab auto-config`'s flags.
 * Only the keys whose flags are given are written; the rest of the definition stays as it is. `--permissions`
 * replaces the definition's permissions with that one role, as in `dab`.
 */
export const autoConfigCommand: ConfigVerb = {
  name: 'auto-config',
  summary:
    'Create or change an autoentities definition: the tables it turns into entities at start-up, and their settings.',
  argument: { name: 'definition', description: 'Name of the autoentities definition' },
  options: [
    {
      flags: '--patterns.include <patterns...>',
      description: "SQL LIKE patterns over schema.table of the tables to include (default: '%.%')",
    },
    {
      flags: '--patterns.exclude <patterns...>',
      description: 'SQL LIKE patterns of the tables to leave out (default: none)',
    },
    {
      flags: '--patterns.name <pattern>',
      description: "Entity name, with {schema} and {object} (default: '{schema}_{object}')",
    },
    {
      flags: '--template.mcp.dml-tools <bool>',
      description: 'MCP DML tools for the generated entities (default: true)',
    },
    { flags: '--template.rest.enabled <bool>', description: 'REST for the generated entities (default: true)' },
    { flags: '--template.graphql.enabled <bool>', description: 'GraphQL for the generated entities (default: true)' },
    {
      flags: '--template.cache.enabled <bool>',
      description: "Response cache for the generated entities (default: the runtime's)",
    },
    { flags: '--template.cache.ttl-seconds <n>', description: 'Cache time-to-live in seconds' },
    { flags: '--template.cache.level <level>', description: 'Cache level: L1 or L1L2' },
    {
      flags: '--template.health.enabled <bool>',
      description: 'Health checks of the generated entities (default: true)',
    },
    {
      flags: '--permissions <role:actions...>',
      description: 'Permissions of the generated entities, "role:action1,action2" (replaces the existing ones)',
    },
  ],
  examples: [
    'sluice auto-config all --patterns.include "dbo.%" --patterns.exclude "dbo.internal%" --permissions "anonymous:read"',
    'sluice auto-config all --template.graphql.enabled false --template.cache.enabled true --template.cache.ttl-seconds 30',
  ],
  run({ argument, options }, out) {
    const name = argument?.trim() ?? ''
    if (name === '')
      throw new CliError(
        "Required argument <definition> is missing: name the autoentities definition (for example 'sluice auto-config all').",
      )
    const document = readConfigDocument(findConfigFileToEdit(options.string('config'), workingDirectory()))
    const next = structuredClone(document.json)
    const autoentities = objectAt(next, 'autoentities')
    const exists = isJsonObject(autoentities[name])
    const definition = objectAt(autoentities, name)
    const given = SETTINGS.filter((setting) => options.has(setting.flag))
    if (exists && given.length === 0 && !options.has('permissions')) {
      throw new CliError(
        `No option given: autoentities definition '${name}' exists already; pass --patterns.*, --template.* or --permissions ('sluice auto-config --help').`,
      )
    }
    for (const setting of given) {
      setAt(definition, setting.path, setting.read(options, setting.flag))
      out.info(`Updated ${setting.flag} for definition '${name}'`)
    }
    const permission = readPermissionArgument(options, false)
    if (permission !== undefined) {
      definition['permissions'] = [{ role: permission.role, actions: createActions(permission.actions, {}) }]
      out.info(`Updated permissions for definition '${name}'`)
    }
    writeConfigDocument(document, next)
    out.info(`Successfully configured autoentities definition: ${name}.`)
  },
  failure: (parsed) => `Failed to configure autoentities definition: ${parsed?.argument ?? ''}.`,
}

function setAt(root: JsonObject, path: readonly string[], value: unknown): void {
  let node = root
  for (const key of path.slice(0, -1)) {
    // `"mcp": true` (the boolean shorthand) becomes the object form, keeping what it meant.
    if (typeof node[key] === 'boolean') node[key] = { 'dml-tools': node[key] }
    node = objectAt(node, key)
  }
  node[path[path.length - 1]!] = value
}
