import { writeFileSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import {
  createSluice,
  formatQualifiedName,
  loadConfigFile,
  silentLogger,
  type Logger,
  type ServiceModel,
} from '@sluice/core'
import { resolveConfigPath } from '../resolve-config-path.js'
import { CliError } from './cli-error.js'
import type { CliOutput } from './cli-output.js'
import type { ConfigVerb } from './run-config-verb.js'
import { workingDirectory } from './working-directory.js'

/** One generated entity: the definition (DAB's "filter"), the entity name, the table as `schema.table`. */
interface Match {
  readonly definition: string
  readonly entity: string
  readonly table: string
}

/**
 * `sluice auto-config-simulate [-o FILE]`: connects to every data source with `autoentities` definitions and shows
 * what each definition generates, in `dab auto-config-simulate`'s console layout, or as its CSV
 * (`filter_name,entity_name,database_object`). It runs start-up's own generation (on every engine, not only SQL
 * Server), so the names are the ones `sluice start` serves and a collision is reported as start-up would.
 */
export const autoConfigSimulateCommand: ConfigVerb = {
  name: 'auto-config-simulate',
  summary: 'Show which entities the autoentities definitions generate from the database, without serving them.',
  options: [
    { flags: '-o, --output <file>', description: 'Write the results as CSV to this file instead of printing them' },
  ],
  examples: ['sluice auto-config-simulate', 'sluice auto-config-simulate -o autoentities.csv'],
  async run({ options }, out) {
    const cwd = workingDirectory()
    const location = resolveConfigPath(options.string('config'), false, cwd)
    const config = loadConfigFile(location.file, { cwd, overrideFile: location.overrideFile })
    for (const warning of config.warnings) out.warn(warning)
    if (config.autoentities.size === 0) throw new CliError('No autoentities definitions found in the config file.')
    const { defaultPlugins } = await import('../default-plugins.js')
    const sluice = await createSluice({ config, plugins: defaultPlugins(), log: createWarnLogger(out) })
    await sluice.close()
    const matches = listMatches(sluice.model)
    const output = options.string('output')
    if (output === undefined) {
      process.stdout.write(formatConsole([...config.autoentities.keys()], matches))
      return
    }
    const file = isAbsolute(output) ? output : resolve(cwd, output)
    try {
      writeFileSync(file, formatCsv(matches))
    } catch (error) {
      throw new CliError(`Failed to write ${file}: ${(error as Error).message}`)
    }
    out.info(`Simulation results written to ${file}.`)
  },
  failure: () => 'Failed to simulate autoentities.',
}

function listMatches(model: ServiceModel): Match[] {
  return [...model.entities.values()]
    .filter((entity) => entity.config.autoentity !== undefined)
    .map((entity) => ({
      definition: entity.config.autoentity!,
      entity: entity.name,
      table: formatQualifiedName(entity.source),
    }))
}

/** DAB's layout: a title, then per definition its name, its match count and `entity -> schema.table` lines. */
function formatConsole(definitions: readonly string[], matches: readonly Match[]): string {
  let text = 'Autoentities Simulation Results\n\n'
  for (const definition of definitions) {
    const own = matches.filter((m) => m.definition === definition)
    text += `Filter: ${definition}\nMatches: ${own.length}\n\n`
    const width = Math.max(0, ...own.map((m) => m.entity.length))
    text += own.length === 0 ? '(no matches)\n' : own.map((m) => `${m.entity.padEnd(width)} -> ${m.table}\n`).join('')
    text += '\n'
  }
  return text
}

function formatCsv(matches: readonly Match[]): string {
  const rows = matches.map((m) => [m.definition, m.entity, m.table].map(quoteCsv).join(','))
  return ['filter_name,entity_name,database_object', ...rows].map((line) => `${line}\n`).join('')
}

/** Quoted (inner quotes doubled) only when the value holds a comma, a quote or a line break, as DAB writes it. */
function quoteCsv(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

/** Start-up's warnings (a definition that generates nothing …) as the verb's `warn:` lines. */
function createWarnLogger(out: CliOutput): Logger {
  const log: Logger = {
    ...silentLogger,
    warn: (obj: object | string, msg?: string) =>
      out.warn(typeof obj === 'string' ? obj : (msg ?? JSON.stringify(obj))),
    child: () => log,
  }
  return log
}
