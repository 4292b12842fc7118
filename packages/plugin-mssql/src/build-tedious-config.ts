import { SluiceError, type ConnectionSettings } from '@sluice/core/dialect'
import type { ConnectionConfiguration } from 'tedious'

const WHERE = 'data-source.connection-string'
const DEFAULT_PORT = 1433

export interface TediousDefaults {
  readonly applicationName?: string | undefined
  /** The request timeout when the connection string sets no `Command Timeout` (`runtime.limits`); else 30 s. */
  readonly statementTimeoutMs?: number | undefined
}

/**
 * Maps a connection string as SQL Server users write it (ADO.NET keywords, parsed by core: `Server=tcp:host,1433` or
 * `Data Source=host\instance`, `Database`/`Initial Catalog`, `User ID`/`Uid`, `Password`/`Pwd`, `Encrypt`,
 * `TrustServerCertificate`, `Connect Timeout`/`Connection Timeout`, `Command Timeout`, `Application Name`,
 * `ApplicationIntent`, `MultiSubnetFailover`, `Workstation ID`, `Current Language`, `Packet Size`, `Authentication`) or in URL form (`sqlserver://user:pw@host:1433/db?encrypt=true`) onto tedious's
 * configuration. Dates travel as UTC, and XACT_ABORT is on for every session (an error ends the transaction).
 * Unsupported authentication methods are configuration errors.
 */
export function buildTediousConfig(
  settings: ConnectionSettings,
  defaults: TediousDefaults = {},
): ConnectionConfiguration {
  const o = settings.options
  const { server, instanceName } = splitInstance(settings.host ?? 'localhost')
  const encrypt = readEncrypt(o['encrypt'])
  const connectSeconds = readInteger(o['connecttimeout'] ?? o['connectiontimeout'] ?? o['timeout'])
  const commandSeconds = readInteger(o['commandtimeout'])
  const options: NonNullable<ConnectionConfiguration['options']> = {
    encrypt,
    trustServerCertificate: readBoolean(o['trustservercertificate']) ?? false,
    useUTC: true,
    abortTransactionOnError: true,
    // `Command Timeout=0` means no limit, as in ADO.NET; tedious's own default is 15 s.
    requestTimeout: commandSeconds === undefined ? (defaults.statementTimeoutMs ?? 30_000) : commandSeconds * 1000,
    connectTimeout: (connectSeconds ?? 15) * 1000,
  }
  if (settings.database !== undefined) options.database = settings.database
  const appName = o['applicationname'] ?? o['app'] ?? defaults.applicationName
  if (appName !== undefined) options.appName = appName
  if (o['applicationintent']?.trim().toLowerCase() === 'readonly') options.readOnlyIntent = true
  if (readBoolean(o['multisubnetfailover']) === true) options.multiSubnetFailover = true
  const workstation = o['workstationid'] ?? o['wsid']
  if (workstation !== undefined) options.workstationId = workstation
  const language = o['currentlanguage'] ?? o['language']
  if (language !== undefined) options.language = language
  const packetSize = readInteger(o['packetsize'])
  if (packetSize !== undefined) options.packetSize = packetSize
  const hostNameInCertificate = o['hostnameincertificate']
  if (hostNameInCertificate !== undefined) options.serverName = hostNameInCertificate
  // A named instance is found through SQL Browser unless a port is given, as ADO.NET does.
  if (instanceName !== undefined && settings.port === undefined) options.instanceName = instanceName
  else options.port = settings.port ?? DEFAULT_PORT
  return { server, options, authentication: buildAuthentication(settings) }
}

function buildAuthentication(settings: ConnectionSettings): NonNullable<ConnectionConfiguration['authentication']> {
  const o = settings.options
  const method = (o['authentication'] ?? '').toLowerCase().replace(/[\s_-]/g, '')
  const user = settings.user
  const password = settings.password
  const integrated =
    readBoolean(o['integratedsecurity'] ?? o['trustedconnection']) === true ||
    o['integratedsecurity']?.toLowerCase() === 'sspi'
  if (integrated && method === '') {
    throw configError(
      'Integrated Security (Windows authentication) is not supported by the tedious driver; use SQL authentication or an Authentication=ActiveDirectory… method',
    )
  }
  switch (method) {
    case '':
    case 'sqlpassword':
      return { type: 'default', options: { userName: user, password } }
    case 'activedirectorypassword':
      return {
        type: 'azure-active-directory-password',
        options: { userName: user, password, clientId: o['clientid'] ?? AZURE_CLI_CLIENT_ID, tenantId: o['tenantid'] },
      }
    case 'activedirectorymanagedidentity':
    case 'activedirectorymsi':
      // `User ID` names a user-assigned identity's client id, as in ADO.NET.
      return { type: 'azure-active-directory-msi-vm', options: user === undefined ? {} : { clientId: user } }
    case 'activedirectorydefault':
      return { type: 'azure-active-directory-default', options: user === undefined ? {} : { clientId: user } }
    case 'activedirectoryserviceprincipal': {
      const tenantId = o['tenantid']
      if (user === undefined || password === undefined || tenantId === undefined) {
        throw configError(
          'Authentication=Active Directory Service Principal needs User ID (the client id), Password (the secret) and Tenant Id',
        )
      }
      return {
        type: 'azure-active-directory-service-principal-secret',
        options: { clientId: user, clientSecret: password, tenantId },
      }
    }
    default:
      throw configError(
        `Authentication=${JSON.stringify(o['authentication'])} is not supported (allowed: SqlPassword, Active Directory Password, Active Directory Managed Identity, Active Directory Default, Active Directory Service Principal)`,
      )
  }
}

/** `Max Pool Size` / `Min Pool Size` from the connection string (ADO.NET's pool keywords), for the tarn pool. */
export function readPoolSize(settings: ConnectionSettings): { readonly max?: number; readonly min?: number } {
  const max = readInteger(settings.options['maxpoolsize'] ?? settings.options['maximumpoolsize'])
  const min = readInteger(settings.options['minpoolsize'] ?? settings.options['minimumpoolsize'])
  return { ...(max !== undefined && max > 0 ? { max } : {}), ...(min !== undefined ? { min } : {}) }
}

/** The public client id Microsoft tools use for Entra ID password sign-in when the connection string gives none. */
const AZURE_CLI_CLIENT_ID = '04b07795-8ddb-461a-bbee-02f9e1bf7b46'

/** `host\instance` (ADO.NET's named instance) → server and instance name; `(local)` and `.` mean localhost. */
function splitInstance(host: string): { server: string; instanceName: string | undefined } {
  const slash = host.indexOf('\\')
  const server = slash === -1 ? host : host.slice(0, slash)
  const instanceName = slash === -1 ? undefined : host.slice(slash + 1)
  const local = server === '.' || server.toLowerCase() === '(local)' || server === ''
  return { server: local ? 'localhost' : server, instanceName: instanceName === '' ? undefined : instanceName }
}

/** `Encrypt`: true/yes/mandatory, false/no/optional, or strict (TDS 8). Absent: true, as Microsoft.Data.SqlClient 4+. */
function readEncrypt(text: string | undefined): boolean | 'strict' {
  if (text === undefined) return true
  const value = text.trim().toLowerCase()
  if (value === 'strict') return 'strict'
  if (['true', 'yes', 'mandatory'].includes(value)) return true
  if (['false', 'no', 'optional'].includes(value)) return false
  throw configError(`Encrypt=${JSON.stringify(text)} is not valid (allowed: true, false, strict, mandatory, optional)`)
}

function readBoolean(text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined
  const value = text.trim().toLowerCase()
  if (value === 'true' || value === 'yes') return true
  if (value === 'false' || value === 'no') return false
  return undefined
}

function readInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined
  return Number.parseInt(text, 10)
}

function configError(message: string): SluiceError {
  return new SluiceError('SLUICE_ERR_CONFIG', { count: 1, problems: `  - ${WHERE}: ${message}` })
}
