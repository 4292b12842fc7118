import type { ConnectionSettings } from '@sluice/core/dialect'
import type { PoolConfig } from 'pg'
import type { ConnectionOptions } from 'node:tls'

const DEFAULT_POOL_SIZE = 10
/** How long after the statement timeout the client stops waiting for a server that does not answer at all. */
const CLIENT_TIMEOUT_GRACE_MS = 2_000

export interface PoolDefaults {
  readonly poolSize?: number | undefined
  readonly applicationName?: string | undefined
  readonly statementTimeoutMs?: number | undefined
  readonly acquireTimeoutMs?: number | undefined
}

/**
 * Maps parsed connection settings (URL or Npgsql-style keywords) onto `pg.Pool` options:
 * `sslmode` (`require` encrypts without verifying, `verify-ca` checks the chain, `verify-full` also the host name;
 * `Trust Server Certificate=true` turns verification off), `maxpoolsize`/`maximumpoolsize` → `max` (default 10),
 * `timeout`/`connecttimeout` seconds → `connectionTimeoutMillis` (else `acquireTimeoutMs`), `commandtimeout` seconds →
 * `statement_timeout` (else `statementTimeoutMs`; `Command Timeout=0` means none, as in Npgsql),
 * `applicationname` → `application_name`, `searchpath` → the session's `search_path`. Unknown options are ignored.
 */
export function buildPostgresPoolConfig(settings: ConnectionSettings, defaults: PoolDefaults = {}): PoolConfig {
  const options = settings.options
  const config: PoolConfig = {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    password: settings.password,
    max: readInteger(options['maxpoolsize'] ?? options['maximumpoolsize']) ?? defaults.poolSize ?? DEFAULT_POOL_SIZE,
  }
  const ssl = readSsl(options)
  if (ssl !== undefined) config.ssl = ssl
  // pg-pool applies connectionTimeoutMillis to connecting and to waiting for a pooled client alike. The driver keeps
  // the wait (and query_timeout below) in a sweep of its own and hands this value to each client for connecting.
  const connectSeconds = readInteger(options['timeout'] ?? options['connecttimeout'])
  if (connectSeconds !== undefined) config.connectionTimeoutMillis = connectSeconds * 1000
  else if (defaults.acquireTimeoutMs !== undefined) config.connectionTimeoutMillis = defaults.acquireTimeoutMs
  const commandSeconds = readInteger(options['commandtimeout'])
  if (commandSeconds !== undefined && commandSeconds > 0) config.statement_timeout = commandSeconds * 1000
  else if (commandSeconds === undefined && defaults.statementTimeoutMs !== undefined)
    config.statement_timeout = defaults.statementTimeoutMs
  // The server enforces statement_timeout; a database that stops answering altogether (a hung host, a dead link)
  // cannot, so the client gives up a little later on its own and the driver discards that connection.
  if (typeof config.statement_timeout === 'number')
    config.query_timeout = config.statement_timeout + CLIENT_TIMEOUT_GRACE_MS
  const applicationName = options['applicationname'] ?? defaults.applicationName
  if (applicationName !== undefined) config.application_name = applicationName
  const searchPath = options['searchpath']
  if (searchPath !== undefined) config.options = `-c search_path=${searchPath.replace(/[\\\s]/g, (c) => `\\${c}`)}`
  return config
}

function readSsl(options: Readonly<Record<string, string>>): boolean | ConnectionOptions | undefined {
  const mode = options['sslmode']?.toLowerCase().replace(/[-_\s]/g, '')
  const trust = options['trustservercertificate']?.toLowerCase() === 'true'
  switch (mode) {
    case 'disable':
      return false
    case 'require':
      return { rejectUnauthorized: false }
    case 'verifyca':
      return trust ? { rejectUnauthorized: false } : { rejectUnauthorized: true, checkServerIdentity: () => undefined }
    case 'verifyfull':
      return trust ? { rejectUnauthorized: false } : true
    default:
      // `allow` / `prefer` / absent: pg cannot fall back between plain and TLS, so it connects without TLS.
      return undefined
  }
}

function readInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined
  return Number.parseInt(text, 10)
}
