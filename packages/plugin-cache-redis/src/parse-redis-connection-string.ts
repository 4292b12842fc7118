/** Where and how to reach Redis, from `runtime.cache.level-2.connection-string`. */
export interface RedisEndpoint {
  readonly host: string
  readonly port: number
  readonly username: string | undefined
  readonly password: string | undefined
  readonly db: number | undefined
  /** TLS (`rediss://`, `ssl=true`), with the server name to check when it differs from the host (`sslHost`). */
  readonly tls: { readonly servername: string | undefined } | undefined
  readonly clientName: string | undefined
  readonly connectTimeoutMs: number | undefined
  readonly commandTimeoutMs: number | undefined
}

export interface ParsedRedisConnection {
  readonly endpoint: RedisEndpoint
  /** Options the string gives that Sluice does not use, one line each (for a start-up warning). */
  readonly ignored: readonly string[]
}

const DEFAULT_PORT = 6379
const DEFAULT_TLS_PORT = 6380

/**
 * Reads a Redis connection string in either form Data API builder users write: a `redis://` / `rediss://` URL, or
 * StackExchange.Redis's configuration string (`host:port,password=…,ssl=True,abortConnect=False`), which DAB passes
 * to `ConfigurationOptions.Parse`. The first endpoint is used. Throws an `Error` with a one-line reason when the
 * string names no usable endpoint.
 */
export function parseRedisConnectionString(text: string): ParsedRedisConnection {
  const trimmed = text.trim()
  if (trimmed === '') throw new Error('the connection string is empty')
  return /^rediss?:\/\//i.test(trimmed) ? parseUrl(trimmed) : parseConfigurationString(trimmed)
}

function parseUrl(text: string): ParsedRedisConnection {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new Error(`${JSON.stringify(text)} is not a valid redis:// URL`)
  }
  const tls = url.protocol.toLowerCase() === 'rediss:'
  const dbText = url.pathname.replace(/^\//, '')
  const db = dbText === '' ? undefined : parseNumber('database', dbText)
  const ignored = [...url.searchParams.keys()].map((key) => `URL parameter ${key}`)
  return {
    endpoint: {
      host: stripBrackets(url.hostname),
      port: url.port === '' ? (tls ? DEFAULT_TLS_PORT : DEFAULT_PORT) : Number(url.port),
      username: url.username === '' ? undefined : decodeURIComponent(url.username),
      password: url.password === '' ? undefined : decodeURIComponent(url.password),
      db,
      tls: tls ? { servername: undefined } : undefined,
      clientName: undefined,
      connectTimeoutMs: undefined,
      commandTimeoutMs: undefined,
    },
    ignored,
  }
}

function parseConfigurationString(text: string): ParsedRedisConnection {
  const endpoints: string[] = []
  const options = new Map<string, string>()
  for (const part of text.split(',')) {
    const item = part.trim()
    if (item === '') continue
    const equals = item.indexOf('=')
    if (equals === -1) endpoints.push(item)
    else options.set(item.slice(0, equals).trim().toLowerCase(), item.slice(equals + 1).trim())
  }
  if (endpoints.length === 0)
    throw new Error(`${JSON.stringify(redact(text))} names no host (expected host:port first)`)
  const ignored: string[] = []
  if (endpoints.length > 1)
    ignored.push(
      `endpoints after the first (${endpoints.slice(1).join(', ')}): Sluice connects to ${endpoints[0]!} only`,
    )
  const take = (name: string): string | undefined => {
    const value = options.get(name)
    options.delete(name)
    return value
  }
  const ssl = parseBoolean('ssl', take('ssl'))
  const sslHost = take('sslhost')
  const { host, port } = splitHostPort(endpoints[0]!, ssl === true ? DEFAULT_TLS_PORT : DEFAULT_PORT)
  const db = take('defaultdatabase')
  const connectTimeout = take('connecttimeout')
  const syncTimeout = take('synctimeout') ?? take('asynctimeout')
  take('asynctimeout')
  // Connection behaviour Sluice decides itself: never abort start-up, retry for ever in the background.
  for (const name of ['abortconnect', 'connectretry', 'keepalive', 'allowadmin', 'resolvedns']) take(name)
  const endpoint: RedisEndpoint = {
    host,
    port,
    username: take('user'),
    password: take('password'),
    db: db === undefined ? undefined : parseNumber('defaultDatabase', db),
    tls: ssl === true ? { servername: sslHost } : undefined,
    clientName: take('name'),
    connectTimeoutMs: connectTimeout === undefined ? undefined : parseNumber('connectTimeout', connectTimeout),
    commandTimeoutMs: syncTimeout === undefined ? undefined : parseNumber('syncTimeout', syncTimeout),
  }
  for (const name of options.keys()) ignored.push(`option ${name}`)
  return { endpoint, ignored }
}

function splitHostPort(text: string, defaultPort: number): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text)
  if (bracketed !== null)
    return { host: bracketed[1]!, port: bracketed[2] === undefined ? defaultPort : Number(bracketed[2]) }
  const colon = text.lastIndexOf(':')
  // A bare IPv6 address has several colons and no port.
  if (colon === -1 || text.indexOf(':') !== colon) return { host: text, port: defaultPort }
  return { host: text.slice(0, colon), port: parseNumber('port', text.slice(colon + 1)) }
}

function parseNumber(name: string, text: string): number {
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} ${JSON.stringify(text)} is not a whole number`)
  return value
}

function parseBoolean(name: string, text: string | undefined): boolean | undefined {
  if (text === undefined) return undefined
  const lower = text.toLowerCase()
  if (lower === 'true') return true
  if (lower === 'false') return false
  throw new Error(`${name}=${text} is not true or false`)
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

/** The string with its password hidden, for messages. */
export function redact(text: string): string {
  return text.replace(/(password=)[^,]*/gi, '$1***').replace(/(\/\/[^:/@]*:)[^@]*@/, '$1***@')
}
