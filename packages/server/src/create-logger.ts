import { pino, type Logger as PinoLogger } from 'pino'
import type { RuntimeConfig } from '@sluice/core'
import { fileLogTarget } from './file-log-target.js'

export const LEVELS: Record<string, string> = {
  trace: 'trace',
  debug: 'debug',
  information: 'info',
  info: 'info',
  warning: 'warn',
  warn: 'warn',
  error: 'error',
  critical: 'fatal',
  fatal: 'fatal',
  none: 'silent',
  silent: 'silent',
}

/**
 * The process logger: pretty lines on a terminal, JSON lines otherwise (for log shippers). The level comes from
 * `runtime.telemetry.log-level.default` (Data API builder's level names are accepted), else `SLUICE_LOG_LEVEL`,
 * else `info`. `destination` 2 writes to stderr, keeping stdout clean (used by the MCP stdio transport). With
 * `runtime.telemetry.file` enabled the same lines also go to rolling JSON files (see `fileLogTarget`).
 */
export function createLogger(
  config: RuntimeConfig | undefined,
  options: { readonly level?: string; readonly destination?: 1 | 2 } = {},
): PinoLogger {
  const configured = config?.runtime.logLevels['default']
  const level = LEVELS[(options.level ?? configured ?? 'info').toLowerCase()] ?? 'info'
  const destination = options.destination ?? 1
  const tty = destination === 1 ? process.stdout.isTTY : process.stderr.isTTY
  const pretty = {
    target: 'pino-pretty',
    level,
    options: { destination, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' },
  }
  const file = config === undefined ? undefined : fileLogTarget(config, level)
  if (file !== undefined && !('warning' in file)) {
    // Both sinks in pino's transport worker: the console as before, and the rolling files as JSON lines.
    return pino(
      { level },
      pino.transport({ targets: [tty ? pretty : { target: 'pino/file', level, options: { destination } }, file] }),
    )
  }
  const log = tty ? pino({ level, transport: pretty }) : pino({ level }, pino.destination(destination))
  if (file !== undefined) log.warn(file.warning)
  return log
}
