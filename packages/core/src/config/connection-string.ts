import type { ConnectionSettings } from './connection-settings.js'
import { createConfigError } from './config-report.js'

type Slot = 'host' | 'port' | 'database' | 'user' | 'password'

/** Keyword aliases, by normalized key (lower case, no spaces, `_` or `-`). */
const ALIASES: Readonly<Record<string, Slot>> = {
  host: 'host',
  server: 'host',
  datasource: 'host',
  address: 'host',
  addr: 'host',
  networkaddress: 'host',
  port: 'port',
  database: 'database',
  initialcatalog: 'database',
  db: 'database',
  username: 'user',
  userid: 'user',
  uid: 'user',
  user: 'user',
  password: 'password',
  pwd: 'password',
}
const URL_FORM = /^[a-z][a-z0-9+.-]*:\/\//i
const WHERE = 'data-source.connection-string'

/**
 * Parses a connection string in URL form (`postgresql://user:pw@host:5432/db?sslmode=require`, any scheme) or
 * keyword form (`Host=…;Port=…;Database=…;Username=…;Password=…`, keys case-insensitive, values optionally quoted
 * with `"` or `'`, SQL Server's `Server=tcp:host,1433`). Malformed input throws `SLUICE_ERR_CONFIG`; the
 * message never contains the password.
 */
export function parseConnectionString(text: string): ConnectionSettings {
  return URL_FORM.test(text.trim()) ? parseUrlForm(text.trim()) : parseKeywordForm(text)
}

/** The connection string with every password replaced by `***` (both forms), for logs and error messages. */
export function redactConnectionString(text: string): string {
  if (URL_FORM.test(text.trim())) {
    return text
      .replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/[^:@/]*:)(.*)@/i, '$1***@')
      .replace(/([?&](?:password|pwd|sslpassword)=)[^&#]*/gi, '$1***')
  }
  return text.replace(/((?:^|;)\s*(?:password|pwd)\s*=\s*)("(?:[^"]|"")*"|'(?:[^']|'')*'|[^;]*)/gi, '$1***')
}

function parseUrlForm(text: string): ConnectionSettings {
  let url: URL
  try {
    url = new URL(text)
  } catch (error) {
    throw createConfigError(
      [
        `${WHERE}: ${JSON.stringify(redactConnectionString(text))} is not a valid URL (allowed: scheme://user:password@host:port/database?option=value)`,
      ],
      error,
    )
  }
  const options: Record<string, string> = {}
  for (const [key, value] of url.searchParams) options[normalizeKey(key)] = value
  const host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1')
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
  return {
    form: 'url',
    scheme: url.protocol.replace(/:$/, ''),
    host: host === '' ? undefined : host,
    port: url.port === '' ? undefined : Number(url.port),
    database: database === '' ? undefined : database,
    user: url.username === '' ? undefined : decodeURIComponent(url.username),
    password: url.password === '' ? undefined : decodeURIComponent(url.password),
    options,
  }
}

function parseKeywordForm(text: string): ConnectionSettings {
  const slots: Partial<Record<Slot, string>> = {}
  const options: Record<string, string> = {}
  let portFromHost: string | undefined
  for (const [key, value] of splitKeywords(text)) {
    const normalized = normalizeKey(key)
    const slot = ALIASES[normalized]
    if (slot === undefined) {
      options[normalized] = value
    } else if (slot === 'host') {
      const match = /^(?:tcp:)?(.*?)(?:,(\d*))?$/i.exec(value.trim())!
      slots.host = match[1]
      portFromHost = match[2]
    } else {
      slots[slot] = value
    }
  }
  const portText = slots.port ?? portFromHost
  return {
    form: 'keywords',
    scheme: undefined,
    host: slots.host === '' ? undefined : slots.host,
    port: portText === undefined ? undefined : parsePort(portText),
    database: slots.database,
    user: slots.user,
    password: slots.password,
    options,
  }
}

function parsePort(text: string): number {
  const port = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN
  if (Number.isInteger(port) && port >= 1 && port <= 65535) return port
  throw createConfigError([`${WHERE}: port ${JSON.stringify(text)} is not valid (allowed: an integer from 1 to 65535)`])
}

/** `key=value` pairs separated by `;`; a value quoted with `"` or `'` may contain `;`, a doubled quote escapes it. */
function splitKeywords(text: string): [string, string][] {
  const pairs: [string, string][] = []
  let i = 0
  let segment = 0
  while (i < text.length) {
    segment++
    const semicolon = text.indexOf(';', i)
    const equals = text.indexOf('=', i)
    if (equals === -1 || (semicolon !== -1 && semicolon < equals)) {
      const end = semicolon === -1 ? text.length : semicolon
      if (text.slice(i, end).trim() !== '') {
        throw createConfigError([`${WHERE}: part ${segment} has no '=' (allowed: key=value pairs separated by ';')`])
      }
      i = end + 1
      continue
    }
    const key = text.slice(i, equals).trim()
    if (key === '')
      throw createConfigError([
        `${WHERE}: part ${segment} has no key before '=' (allowed: key=value pairs separated by ';')`,
      ])
    const { value, next } = readValue(text, equals + 1, segment)
    pairs.push([key, value])
    i = next
  }
  return pairs
}

function readValue(text: string, start: number, segment: number): { value: string; next: number } {
  let i = start
  while (i < text.length && /\s/.test(text[i]!) && text[i] !== ';') i++
  const quote = text[i]
  if (quote !== '"' && quote !== "'") {
    const end = text.indexOf(';', i)
    const stop = end === -1 ? text.length : end
    return { value: text.slice(i, stop).trim(), next: stop + 1 }
  }
  let value = ''
  i++
  for (;;) {
    if (i >= text.length) throw createConfigError([`${WHERE}: part ${segment} has an unterminated ${quote} quote`])
    if (text[i] === quote) {
      if (text[i + 1] !== quote) break
      value += quote
      i += 2
    } else {
      value += text[i]
      i++
    }
  }
  i++
  while (i < text.length && text[i] !== ';') {
    if (!/\s/.test(text[i]!))
      throw createConfigError([`${WHERE}: part ${segment} has text after its closing quote (allowed: key="value";)`])
    i++
  }
  return { value, next: i + 1 }
}

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[\s_-]/g, '')
}
