import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Tokens } from '@sluice/core'
import { createServer, type SluiceServer } from '../src/index.js'
import { buildLibraryConfig, type LibraryConfigOverrides } from './support/library-test-server.js'

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A server whose pino logger writes JSON lines into `lines`. */
function useLoggedServer(overrides: LibraryConfigOverrides) {
  const lines: Record<string, unknown>[] = []
  let server: SluiceServer | undefined
  beforeAll(async () => {
    const logger = pino(
      { level: 'info' },
      {
        write: (line: string) => {
          lines.push(JSON.parse(line) as Record<string, unknown>)
        },
      },
    )
    server = await createServer({ config: buildLibraryConfig(overrides), logger })
  })
  afterAll(() => server?.close())
  return {
    lines,
    get server() {
      return server!
    },
  }
}

describe('x-ms-correlation-id and runtime.telemetry.log-level', () => {
  const logged = useLoggedServer({
    runtime: {
      telemetry: {
        'log-level': { default: 'warning', 'Azure.DataApiBuilder.Service.Controllers': 'debug', 'Nope.Thing': 'error' },
      },
    },
  })

  it("keeps a GUID the client sent, echoes it, and writes it into the request's log lines", async () => {
    const id = '8A1F3C2D-5B6E-4F70-8192-A3B4C5D6E7F8'
    const response = await logged.server.app.inject({
      url: '/api/Book?$first=1',
      headers: { 'x-ms-correlation-id': id },
    })
    expect(response.headers['x-ms-correlation-id']).toBe(id.toLowerCase())
    const mine = logged.lines.filter((line) => line['correlationId'] === id.toLowerCase())
    expect(mine.map((line) => line['msg'])).toEqual(['request', 'response'])
  })

  it('answers a missing or invalid id with a new GUID, on errors too', async () => {
    const missing = await logged.server.app.inject({ url: '/api/Nothing' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['x-ms-correlation-id']).toMatch(GUID)
    const invalid = await logged.server.app.inject({ url: '/', headers: { 'x-ms-correlation-id': 'not-a-guid' } })
    expect(invalid.headers['x-ms-correlation-id']).toMatch(GUID)
    expect(invalid.headers['x-ms-correlation-id']).not.toBe(missing.headers['x-ms-correlation-id'])
    const malformed = await logged.server.app.inject({
      method: 'POST',
      url: '/api/Book',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.headers['x-ms-correlation-id']).toMatch(GUID)
    const outside = await logged.server.app.inject({ url: '/nowhere/at/all' })
    expect(outside.statusCode).toBe(404)
    expect(outside.headers['x-ms-correlation-id']).toMatch(GUID)
  })

  it("logs request lines at the namespace's level (debug) while the default stays at warning", () => {
    expect(logged.lines.some((line) => line['msg'] === 'request' && line['level'] === 20)).toBe(true)
    expect(
      logged.lines.some((line) => line['level'] === 30),
      'nothing at info: default is warning',
    ).toBe(false)
  })

  it('warns once at start-up about a log-level key that names no logger', () => {
    const warnings = logged.lines.filter((line) => String(line['msg']).includes('"Nope.Thing" names no Sluice logger'))
    expect(warnings).toHaveLength(1)
  })
})

describe('OpenTelemetry endpoint that is not a URL', () => {
  const logged = useLoggedServer({
    runtime: {
      telemetry: {
        'open-telemetry': { endpoint: "@env('SLUICE_TEST_UNSET_OTLP_ENDPOINT')", 'exporter-protocol': 'grpc' },
      },
    },
  })

  it('starts without the exporter, warns once (a config warning, which the CLI prints), and adds no pipeline hook', async () => {
    expect(logged.server.sluice.config.warnings).toEqual([
      "OpenTelemetry export is off: environment variable 'SLUICE_TEST_UNSET_OTLP_ENDPOINT' (runtime.telemetry.open-telemetry.endpoint) is not set.",
    ])
    expect(logged.lines.filter((line) => Number(line['level']) >= 40)).toEqual([])
    expect(logged.server.sluice.container.resolve(Tokens.PipelineHooks)).toEqual([])
    expect((await logged.server.app.inject({ url: '/api/Book?$first=1' })).statusCode).toBe(200)
  })
})

describe('no telemetry configured', () => {
  const logged = useLoggedServer({})

  it('adds no pipeline hook (the pipeline keeps its hook-free path)', () => {
    expect(logged.server.sluice.container.resolve(Tokens.PipelineHooks)).toEqual([])
  })
})
