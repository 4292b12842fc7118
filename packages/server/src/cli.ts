#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { tuneV8ForServing } from './tune-v8-for-serving.js'
import { CliError } from './cli/cli-error.js'
import { createCliOutput } from './cli/cli-output.js'
import { CONFIG_VERBS } from './cli/config-verbs.js'
import { loadDotEnv } from './cli/load-dot-env.js'
import { workingDirectory } from './cli/working-directory.js'
import { SERVER_VERSION } from './server-version.js'

/** Data API builder verbs Sluice does not offer, and why. */
const FOREIGN_VERBS: Readonly<Record<string, string>> = {
  appname: "Sluice does not tag SQL connections with Data API builder's Application Name",
}

const USAGE = `Sluice ${SERVER_VERSION}: REST, GraphQL and MCP APIs over your database from a Data API builder config.

Usage:
  sluice start [--config FILE] [--port N] [--host H] [--demo] [--workers N|auto] [--log-level LEVEL]
  sluice start --mcp-stdio [role:NAME] [--config FILE] [--demo]
  sluice validate [--config FILE] [--demo]
  sluice init --database-type TYPE [--connection-string TEXT] [options]   create a config, as dab init
  sluice add ENTITY --source OBJECT --permissions ROLE:ACTIONS [options]   add an entity, as dab add
  sluice update ENTITY [options]                                          change an entity, as dab update
  sluice configure [options]                                              change runtime and data-source settings
  sluice add-telemetry [options]                                          configure Application Insights / OpenTelemetry
  sluice auto-config DEFINITION [options]                                 create or change an autoentities definition
  sluice auto-config-simulate [-o FILE]                                   show what the autoentities definitions generate
  sluice export --graphql -o DIR [-g FILE]                                write the GraphQL schema (SDL)
  sluice --version | --help                   'sluice VERB --help' lists a verb's options

Options:
  -c, --config FILE   the config to load (default ./dab-config.json, then ./sluice.config.json; DAB_ENVIRONMENT
                      layers dab-config.<env>.json over it)
  --demo          use the bundled library sample on embedded PostgreSQL (PGlite)
  --port N        port to listen on (default: $PORT, else 5000)
  --host H        address to listen on (default 127.0.0.1; use 0.0.0.0 in containers)
  --workers N     serve from N processes sharing the port (auto: one per CPU); needs a database server
  --log-level L   trace, debug, information, warning, error, critical, none (or 0-6); --verbose is information
  --mcp-stdio     serve MCP on stdin/stdout instead of HTTP, every call as role NAME (default anonymous); logs go to stderr

A .env file in the working directory sets environment variables first (overriding those already set), as in dab.
`

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  verbose: { type: 'boolean' },
  'log-level': { type: 'string' },
  LogLevel: { type: 'string' },
  'no-https-redirect': { type: 'boolean' },
  port: { type: 'string' },
  host: { type: 'string' },
  demo: { type: 'boolean' },
  workers: { type: 'string' },
  'mcp-stdio': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

async function main(argv: readonly string[]): Promise<number> {
  // Before anything boots: see tune-v8-for-serving.ts (request garbage dies young; the heap stays near its live size).
  tuneV8ForServing()
  loadDotEnv(workingDirectory())
  // Only what parsing needs is imported up front: each verb loads its own modules (core and the engines take a second
  // or more to load), so `--help`, `init` or `add` do not wait for what `start` needs.
  const configVerb = Object.hasOwn(CONFIG_VERBS, argv[0] ?? '') ? CONFIG_VERBS[argv[0]!] : undefined
  if (configVerb !== undefined) {
    const [verb, { runConfigVerb }] = await Promise.all([configVerb(), import('./cli/run-config-verb.js')])
    return runConfigVerb(verb, argv.slice(1), createCliOutput())
  }
  const foreign = FOREIGN_VERBS[argv[0] ?? '']
  if (foreign !== undefined)
    throw new CliError(`'${argv[0]}' is a Data API builder command Sluice does not have: ${foreign}.`)
  const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  const [command, ...extra] = positionals
  if (values.version === true) return print(`${SERVER_VERSION}\n`)
  if (values.help === true || command === undefined || command === 'help') return print(USAGE)
  // `--mcp-stdio role:NAME` (Data API builder's spelling): the role arrives as a positional.
  const stdioRole =
    values['mcp-stdio'] === true && command === 'start' && extra[0]?.startsWith('role:') === true
      ? extra.shift()
      : undefined
  if (extra.length > 0) throw new CliError(`unexpected argument '${extra[0]}'.`)
  if (command !== 'start' && command !== 'validate') throw new CliError(`unknown command '${command}'.`)
  const { start, startMcpStdio, validate } = await import('./cli/serve-verbs.js')
  if (command === 'validate') return validate(values)
  return values['mcp-stdio'] === true ? startMcpStdio(values, stdioRole) : start(values)
}

function print(text: string): number {
  process.stdout.write(text)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code)
  },
  async (error: unknown) => {
    if (error instanceof CliError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`sluice: ${(error as Error).message}\nRun 'sluice --help' for usage.\n`)
    } else if ((await import('@sluice/core')).isSluiceError(error)) {
      process.stderr.write(`sluice: ${error.message}\n`)
    } else {
      process.stderr.write(`sluice: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`)
      if (process.env['SLUICE_DEBUG']) process.stderr.write(`${(error as Error).stack ?? ''}\n`)
    }
    process.exit(1)
  },
)
