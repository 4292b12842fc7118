import { mkdirSync, writeFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { createSluice, loadConfigFile } from '@sluice/core'
import { resolveConfigPath } from '../resolve-config-path.js'
import { CliError } from './cli-error.js'
import type { ConfigVerb } from './run-config-verb.js'
import { workingDirectory } from './working-directory.js'

const COSMOS_SAMPLING = [
  'sampling-mode',
  'sampling-count',
  'sampling-partition-key-path',
  'sampling-days',
  'sampling-group-count',
]

/**
 * `sluice export --graphql -o DIR [-g FILE]`: the GraphQL schema Sluice serves for the config, as SDL. Like `dab
 * export` it needs the database (the schema's types come from the tables' columns), but it builds the schema in
 * process instead of starting a server and introspecting it over HTTP.
 */
export const exportCommand: ConfigVerb = {
  name: 'export',
  summary: 'Export the GraphQL schema as a file and save it to disk.',
  options: [
    { flags: '--graphql [bool]', description: 'Export the GraphQL schema (required: the only export there is)' },
    {
      flags: '-o, --output <dir>',
      description: 'Directory the schema file is written to (required; created if missing)',
    },
    { flags: '-g, --graphql-schema-file <file>', description: "File name of the schema (default: 'schema.gql')" },
    {
      flags: '--generate [bool]',
      description: 'Azure Cosmos DB for NoSQL schema sampling (not supported by Sluice)',
      hidden: true,
    },
    { flags: '-m, --sampling-mode <mode>', description: 'Cosmos DB sampling (not supported)', hidden: true },
    { flags: '-n, --sampling-count <n>', description: 'Cosmos DB sampling (not supported)', hidden: true },
    { flags: '--sampling-partition-key-path <path>', description: 'Cosmos DB sampling (not supported)', hidden: true },
    { flags: '-d, --sampling-days <n>', description: 'Cosmos DB sampling (not supported)', hidden: true },
    { flags: '--sampling-group-count <n>', description: 'Cosmos DB sampling (not supported)', hidden: true },
  ],
  examples: [
    'sluice export --graphql -o ./schema',
    'sluice export --graphql -o ./schema -g library.graphql -c dab-config.json',
  ],
  async run({ options }, out) {
    if (options.boolean('generate') === true || COSMOS_SAMPLING.some((flag) => options.has(flag))) {
      throw new CliError(
        '--generate and the --sampling-* options infer a schema from an Azure Cosmos DB for NoSQL container; Sluice has no Cosmos DB engine.',
      )
    }
    if (options.boolean('graphql') !== true)
      throw new CliError('Exporting GraphQL schema is not enabled. You need to pass --graphql.')
    const output = options.string('output')
    if (output === undefined || output.trim() === '')
      throw new CliError('Required option -o/--output is missing: name the directory to write the schema to.')
    const cwd = workingDirectory()
    const location = resolveConfigPath(options.string('config'), false, cwd)
    const config = loadConfigFile(location.file, { cwd, overrideFile: location.overrideFile })
    for (const warning of config.warnings) out.warn(warning)
    if (!config.runtime.graphql.enabled)
      throw new CliError(
        'GraphQL is disabled in this config (runtime.graphql.enabled is false): there is no schema to export.',
      )
    const [{ defaultPlugins }, { buildGraphQLSchema }, { printSchema }] = await Promise.all([
      import('../default-plugins.js'),
      import('@sluice/plugin-graphql'),
      import('graphql'),
    ])
    const sluice = await createSluice({ config, plugins: defaultPlugins() })
    let sdl: string
    try {
      sdl = printSchema(buildGraphQLSchema(sluice.model, sluice.live))
    } finally {
      await sluice.close()
    }
    const directory = isAbsolute(output) ? output : resolve(cwd, output)
    const file = join(directory, options.string('graphql-schema-file') ?? 'schema.gql')
    try {
      mkdirSync(directory, { recursive: true })
      writeFileSync(file, `${sdl}\n`)
    } catch (error) {
      throw new CliError(`Failed to write the schema file ${file}: ${(error as Error).message}`)
    }
    out.info(`Schema file exported successfully at ${file}`)
    out.info('Successfully exported the schema file.')
  },
  failure: () => 'Failed to export the graphql schema.',
}
