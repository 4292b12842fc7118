import type { ConnectionSettings } from '@sluice/core/dialect'
import type { PoolOptions } from 'mysql2'

const DEFAULT_POOL_SIZE = 10
const DEFAULT_PORT = 3306

/**
 * Maps parsed connection settings — a `mysql://user:pw@host:3306/db?ssl-mode=REQUIRED` URL or MySqlConnector-style
 * keywords (`Server=…;Port=…;Database=…;Uid=…;Pwd=…;SslMode=Required;Maximum Pool Size=20`) — onto mysql2 pool
 * options. `SslMode`: `None`/`Disabled` plain, `Preferred` (mysql2 cannot fall back, so plain), `Required` encrypts
 * without verifying, `VerifyCA` checks the chain, `VerifyFull`/`Verify_Identity` also the host name.
 * `Maximum Pool Size`/`MaxPoolSize`/`connectionLimit` → pool size (default 10); `Connection Timeout`/`Connect
 * Timeout` seconds (URL `connectTimeout` milliseconds, as mysql2 reads it) → connect timeout; `CharSet` → charset
 * (default utf8mb4). Values always come back as text where JavaScript numbers would lose digits. Unknown options are
 * ignored.
 */
export function buildMysqlPoolOptions(
  settings: ConnectionSettings,
  defaults: { readonly poolSize?: number | undefined } = {},
): PoolOptions {
  const options = settings.options
  const config: PoolOptions = {
    host: settings.host ?? 'localhost',
    port: settings.port ?? DEFAULT_PORT,
    user: settings.user,
    password: settings.password,
    database: settings.database,
    connectionLimit:
      readInteger(options['maximumpoolsize'] ?? options['maxpoolsize'] ?? options['connectionlimit']) ??
      defaults.poolSize ??
      DEFAULT_POOL_SIZE,
    charset: options['charset'] ?? options['characterset'] ?? 'UTF8MB4_UNICODE_CI',
    // Exact values: dates and times as text (no time-zone shifts), 64-bit integers and decimals as text, JSON as text.
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    decimalNumbers: false,
    jsonStrings: true,
    multipleStatements: false,
    // Never let the server ask the client for a local file.
    flags: ['-LOCAL_FILES'],
    waitForConnections: true,
  }
  const connectTimeout =
    settings.form === 'url'
      ? readInteger(options['connecttimeout'])
      : mapSeconds(readInteger(options['connectiontimeout'] ?? options['connecttimeout'] ?? options['timeout']))
  if (connectTimeout !== undefined) config.connectTimeout = connectTimeout
  const ssl = readSsl(options)
  if (ssl !== undefined) config.ssl = ssl
  return config
}

function readSsl(options: Readonly<Record<string, string>>): PoolOptions['ssl'] | undefined {
  const mode = (options['sslmode'] ?? options['ssl'])?.toLowerCase().replace(/[-_\s]/g, '')
  switch (mode) {
    case 'required':
    case 'require':
    case 'true':
      return { rejectUnauthorized: false }
    case 'verifyca':
      return { rejectUnauthorized: true, verifyIdentity: false }
    case 'verifyfull':
    case 'verifyidentity':
      return { rejectUnauthorized: true, verifyIdentity: true }
    default:
      // none / disabled / preferred / absent: plain (mysql2 cannot try TLS and fall back).
      return undefined
  }
}

function mapSeconds(seconds: number | undefined): number | undefined {
  return seconds === undefined ? undefined : seconds * 1000
}

function readInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined
  return Number.parseInt(text, 10)
}
