import { pino, type Logger as PinoLogger } from 'pino'
import type { RuntimeConfig } from '@sluice/core'

export const LEVELS: Record<string, string> = {
  trace: 'trace', debug: 'debug', information: 'info', info: 'info', warning: 'warn', warn: 'warn',
  error: 'error', critical: 'fatal', fatal: 'fatal', none: 'silent', silent: 'silent',
}

/**
 * The process logger: pretty lines on a terminal, JSON lines otherwise (for log shippers). The level comes from
 * `runtime.telemetry.log-level.default` (Data API builder's level names are accepted), else `SLUICE_LOG_LEVEL`,
 * else `info`. `destination` 2 writes to stderr, keeping stdout clean (used by the MCP stdio transport).
 */
export function createLogger(config: RuntimeConfig | undefined, options: { readonly level?: string; readonly destination?: 1 | 2 } = {}): PinoLogger {
  const configured = config?.runtime.logLevels['default']
  const level = LEVELS[(options.level ?? configured ?? 'info').toLowerCase()] ?? 'info'
  const destination = options.destination ?? 1
  const tty = destination === 1 ? process.stdout.isTTY : process.stderr.isTTY
  if (tty) {
    return pino({ level, transport: { target: 'pino-pretty', options: { destination, translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } })
  }
  return pino({ level }, pino.destination(destination))
}
