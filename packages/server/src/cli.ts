#!/usr/bin/env node
import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { parseArgs } from 'node:util'
import { createSluice, isSluiceError, loadConfigFile } from '@sluice/core'
import { serveMcpStdio } from '@sluice/plugin-mcp'
import { createLogger } from './create-logger.js'
import { createServer } from './create-server.js'
import { defaultPlugins } from './default-plugins.js'
import { deriveCursorSecret } from './derive-cursor-secret.js'
import { describeEndpoints } from './describe-endpoints.js'
import { resolveConfigPath } from './resolve-config-path.js'
import { parseWorkerCount, runWorkers } from './run-workers.js'
import { SERVER_VERSION } from './server-version.js'

const USAGE = `Sluice ${SERVER_VERSION}: REST APIs over your database from a Data API builder config.

Usage:
  sluice start [--config FILE] [--port N] [--host H] [--demo] [--workers N|auto]
  sluice start --mcp-stdio [role:NAME] [--config FILE] [--demo]
  sluice validate [--config FILE] [--demo]
  sluice --version | --help

Options:
  --config FILE   the config to load (default ./dab-config.json, then ./sluice.config.json)
  --demo          use the bundled library sample on embedded PostgreSQL (PGlite)
  --port N        port to listen on (default: $PORT, else 5000)
  --host H        address to listen on (default 127.0.0.1; use 0.0.0.0 in containers)
  --workers N     serve from N processes sharing the port (auto: one per CPU); needs a database server
  --mcp-stdio     serve MCP on stdin/stdout instead of HTTP, every call as role NAME (default anonymous); logs go to stderr
`

const OPTIONS = {
  config: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  demo: { type: 'boolean' },
  workers: { type: 'string' },
  'mcp-stdio': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

async function main(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true })
  const [command, ...extra] = positionals
  if (values.version === true) return print(`${SERVER_VERSION}\n`)
  if (values.help === true || command === undefined || command === 'help') return print(USAGE)
  // `--mcp-stdio role:NAME` (Data API builder's spelling): the role arrives as a positional.
  const stdioRole = values['mcp-stdio'] === true && command === 'start' && extra[0]?.startsWith('role:') === true ? extra.shift() : undefined
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'.`)
  switch (command) {
    case 'start':
      return values['mcp-stdio'] === true ? startMcpStdio(values, stdioRole) : start(values)
    case 'validate':
      return validate(values)
    default:
      throw new UsageError(`unknown command '${command}'.`)
  }
}

async function start(values: { config?: string; port?: string; host?: string; demo?: boolean; workers?: string }): Promise<number> {
  const file = resolveConfigPath(values.config, values.demo === true)
  const config = loadConfigFile(file)
  const log = createLogger(config)
  if (values.workers !== undefined && cluster.isPrimary) {
    const count = parseWorkerCount(values.workers, availableParallelism())
    if (count === undefined) throw new UsageError(`invalid --workers '${values.workers}' (expected a number from 1 to 999, or auto).`)
    if (config.dataSource.databaseType === 'pglite') {
      throw new UsageError('--workers needs a database server: PGlite is embedded in one process and cannot be shared by several.')
    }
    for (const warning of config.warnings) log.warn(warning)
    parsePort(values.port ?? (process.env['PORT'] || '5000'))
    log.info(`starting ${count} workers`)
    return runWorkers({ count, log })
  }
  if (cluster.isPrimary) for (const warning of config.warnings) log.warn(warning)
  const port = parsePort(values.port ?? (process.env['PORT'] || '5000'))
  const host = values.host ?? '127.0.0.1'
  const server = await createServer({ config, logger: log, cursorSecret: deriveCursorSecret(config, readFileSync(file, 'utf8')) })
  let address: string
  try {
    address = await server.listen(port, host)
  } catch (error) {
    await server.close()
    throw error
  }
  log.info(`Sluice ${SERVER_VERSION} is listening on ${address} (${config.runtime.host.mode} mode, ${server.sluice.model.entities.size} entities; ${describeEndpoints(config, address)})`)
  // A worker stops when its primary says so (SIGTERM); a terminal's SIGINT reaches the primary, which relays it.
  stopOnSignals(async () => {
    log.info('shutting down: finishing in-flight requests')
    await server.close()
    // The IPC channel to the primary would keep a worker alive: drop it so the process ends once sockets flush.
    cluster.worker?.disconnect()
  }, cluster.isWorker ? ['SIGTERM'] : ['SIGTERM', 'SIGINT'])
  if (cluster.isWorker) process.on('SIGINT', () => undefined)
  return new Promise<number>(() => undefined)
}

/**
 * MCP over stdin/stdout for an agent that launched this process: no HTTP listener, every tool call acts as the given
 * role, and stdout carries JSON-RPC only (logs go to stderr). Ends when the client closes stdin or on a signal.
 */
async function startMcpStdio(values: { config?: string; port?: string; host?: string; demo?: boolean; workers?: string }, roleArgument: string | undefined): Promise<number> {
  if (values.port !== undefined || values.host !== undefined || values.workers !== undefined) {
    throw new UsageError('--mcp-stdio serves MCP on stdin/stdout only; it takes no --port, --host or --workers.')
  }
  const role = roleArgument === undefined ? 'anonymous' : roleArgument.slice('role:'.length).trim()
  if (role === '') throw new UsageError("--mcp-stdio expects role:NAME (for example role:authenticated).")
  const file = resolveConfigPath(values.config, values.demo === true)
  const config = loadConfigFile(file)
  if (!config.runtime.mcp.enabled) throw new UsageError('MCP is disabled in the configuration (runtime.mcp.enabled is false).')
  const log = createLogger(config, { destination: 2 })
  for (const warning of config.warnings) log.warn(warning)
  // initialize is answered while the database is introspected; tool requests wait for the boot (DAB issue #3430).
  const booting = createSluice({ config, plugins: defaultPlugins(), log, cursorSecret: deriveCursorSecret(config, readFileSync(file, 'utf8')) })
  const session = await serveMcpStdio({ config, log, role, host: booting.then((s) => ({ model: s.model, config, pipeline: s.pipeline, log })) })
  const sluice = await booting
  log.info(`Sluice ${SERVER_VERSION} serves MCP on stdio as role ${role} (${sluice.model.entities.size} entities)`)
  stopOnSignals(() => session.close(), ['SIGTERM', 'SIGINT'])
  await session.closed
  await sluice.close()
  return 0
}

async function validate(values: { config?: string; demo?: boolean }): Promise<number> {
  const file = resolveConfigPath(values.config, values.demo === true)
  const config = loadConfigFile(file)
  for (const warning of config.warnings) process.stderr.write(`warning: ${warning}\n`)
  const sluice = await createSluice({ config, plugins: defaultPlugins() })
  await sluice.close()
  return print(`${file} is valid: ${sluice.model.entities.size} entities match the database.\n`)
}

/**
 * First SIGTERM/SIGINT: stop accepting, finish in-flight requests, close pools, then let the process end by itself
 * once every socket has flushed (an immediate process.exit would cut off responses still being written). A second
 * signal, or a shutdown still pending after the grace period, exits at once.
 */
function stopOnSignals(stop: () => Promise<void>, signals: readonly NodeJS.Signals[], graceMs = 30_000): void {
  let stopping = false
  const onSignal = (): void => {
    if (stopping) process.exit(1)
    stopping = true
    setTimeout(() => process.exit(1), graceMs).unref()
    stop().then(() => { process.exitCode = 0 }, (error: unknown) => {
      process.stderr.write(`sluice: error while shutting down: ${String(error)}\n`)
      process.exit(1)
    })
  }
  for (const signal of signals) process.on(signal, onSignal)
}

function parsePort(text: string): number {
  const port = Number(text)
  if (!/^\d+$/.test(text) || port < 0 || port > 65535) throw new UsageError(`invalid port '${text}' (expected 0-65535).`)
  return port
}

function print(text: string): number {
  process.stdout.write(text)
  return 0
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => { if (code !== 0) process.exit(code) },
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`sluice: ${(error as Error).message}\nRun 'sluice --help' for usage.\n`)
    } else if (isSluiceError(error)) {
      process.stderr.write(`sluice: ${error.message}\n`)
    } else {
      process.stderr.write(`sluice: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`)
      if (process.env['SLUICE_DEBUG']) process.stderr.write(`${(error as Error).stack ?? ''}\n`)
    }
    process.exit(1)
  },
)
