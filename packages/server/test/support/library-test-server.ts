import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { parseConfig, type RuntimeConfig } from '@sluice/core'
import { createServer, type SluiceServer } from '../../src/index.js'

const require = createRequire(import.meta.url)
const CONFIG_FILE = require.resolve('@sluice/example-library/dab-config.json')
const SEED_FILE = require.resolve('@sluice/example-library/library.sql')

type Json = Record<string, unknown>

/**
 * Changes to the library sample's config for one test file. `runtime` is deep-merged into the sample's runtime
 * (`runtime.host.mode` included); each `entities` entry is deep-merged into that entity (`null` removes the entity).
 * Arrays are replaced, not merged. `edit` runs last and may change anything.
 */
export interface LibraryConfigOverrides {
  readonly runtime?: Json
  readonly entities?: Readonly<Record<string, Json | null>>
  readonly edit?: (config: Json) => void
}

/** The sample config with an in-memory PGlite seeded from library.sql, and the overrides applied. */
export function buildLibraryConfig(overrides: LibraryConfigOverrides = {}): RuntimeConfig {
  const json = JSON.parse(readFileSync(CONFIG_FILE, 'utf8')) as Json
  json['data-source'] = { 'database-type': 'pglite', 'connection-string': '', options: { seed: SEED_FILE } }
  if (overrides.runtime !== undefined) json['runtime'] = deepMerge(json['runtime'] as Json, overrides.runtime)
  const entities = json['entities'] as Json
  for (const [name, change] of Object.entries(overrides.entities ?? {})) {
    if (change === null) delete entities[name]
    else entities[name] = deepMerge((entities[name] ?? {}) as Json, change)
  }
  overrides.edit?.(json)
  return parseConfig(json, { baseDir: dirname(CONFIG_FILE) })
}

/** Starts a server on the library sample (in memory, freshly seeded). Close it when done. */
export function startLibraryServer(overrides: LibraryConfigOverrides = {}): Promise<SluiceServer> {
  return createServer({ config: buildLibraryConfig(overrides), logger: false })
}

/** A parsed response: status, headers and the JSON body (`undefined` when the body is empty or not JSON). */
export interface JsonResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>
  readonly text: string
  /** The parsed JSON body; typed loosely so tests can reach into records. */
  readonly body: any
}

export interface RequestOptions {
  readonly method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'
  /** Sent as `X-MS-API-ROLE` (in development mode this makes the caller an authenticated user holding the role). */
  readonly role?: string
  readonly headers?: Readonly<Record<string, string | string[]>>
  readonly payload?: string
}

/** The server of one test file, started in `beforeAll` and closed in `afterAll`, with a JSON request helper. */
export interface LibraryTestServer {
  readonly app: FastifyInstance
  readonly server: SluiceServer
  request(url: string, options?: RequestOptions): Promise<JsonResponse>
  /**
   * Sends the path exactly as written over a real socket (the server listens on an ephemeral port on first use).
   * `inject()` normalizes URLs as browsers do (`/a/../b` → `/b`, `\` → `/`), so raw paths need this.
   */
  requestRawPath(path: string, options?: RequestOptions): Promise<JsonResponse>
}

/** Registers `beforeAll`/`afterAll` for one server per test file and returns a handle usable inside tests. */
export function useLibraryServer(overrides: LibraryConfigOverrides = {}): LibraryTestServer {
  let server: SluiceServer | undefined
  beforeAll(async () => {
    server = await startLibraryServer(overrides)
  })
  afterAll(async () => {
    await server?.close()
  })
  let address: Promise<string> | undefined
  const started = (): SluiceServer => {
    if (server === undefined) throw new Error('the library test server has not started (use it inside tests only)')
    return server
  }
  return {
    get app() {
      return started().app
    },
    get server() {
      return started()
    },
    request: (url, options) => requestJson(started().app, url, options),
    async requestRawPath(path, options) {
      address ??= started().listen(0, '127.0.0.1')
      return requestOverSocket(new URL(await address), path, options)
    },
  }
}

/** `?name=value&…` with every value percent-encoded (names such as `$filter` are kept as written). */
export function query(params: Readonly<Record<string, string | number>>): string {
  const pairs = Object.entries(params).map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`
}

/** Path and query of an absolute or relative link (e.g. a nextLink), for `inject()`. */
export function pathAndQuery(link: string): string {
  const url = new URL(link, 'http://relative.invalid')
  return `${url.pathname}${url.search}`
}

/** Sends one request with `inject()` and parses the body as JSON when it is JSON. */
export async function requestJson(
  app: FastifyInstance,
  url: string,
  options: RequestOptions = {},
): Promise<JsonResponse> {
  const headers: Record<string, string | string[]> = { ...options.headers }
  if (options.role !== undefined) headers['x-ms-api-role'] = options.role
  const response = await app.inject({ method: options.method ?? 'GET', url, headers, payload: options.payload })
  return { status: response.statusCode, headers: response.headers, text: response.body, body: parseBody(response.body) }
}

function requestOverSocket(base: URL, path: string, options: RequestOptions = {}): Promise<JsonResponse> {
  const headers: Record<string, string | string[]> = { ...options.headers }
  if (options.role !== undefined) headers['x-ms-api-role'] = options.role
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, path, method: options.method ?? 'GET', headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parseBody(text) })
        })
      },
    )
    req.on('error', reject)
    req.end(options.payload)
  })
}

function parseBody(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The error envelope every failure must have: `{error:{code,message,status}}` with `status` equal to the HTTP status. */
export function isErrorEnvelope(response: JsonResponse): boolean {
  const b = response.body as { error?: { code?: unknown; message?: unknown; status?: unknown } } | undefined
  return (
    b !== undefined &&
    Object.keys(b).length === 1 &&
    typeof b.error === 'object' &&
    b.error !== null &&
    Object.keys(b.error).sort().join() === 'code,message,status' &&
    typeof b.error.code === 'string' &&
    typeof b.error.message === 'string' &&
    b.error.status === response.status &&
    String(response.headers['content-type']).startsWith('application/json')
  )
}

function deepMerge(base: Json, change: Json): Json {
  const out: Json = { ...base }
  for (const [key, value] of Object.entries(change)) {
    const current = out[key]
    out[key] = isObject(value) && isObject(current) ? deepMerge(current, value) : value
  }
  return out
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
