import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLibraryServer } from './support/library-test-server.js'
import {
  startGrpcOtlpReceiver,
  startHttpOtlpReceiver,
  type OtlpReceiver,
  type ReceivedPoint,
  type ReceivedSpan,
} from './support/otlp-receiver.js'

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736'
const PARENT_SPAN_ID = '00f067aa0ba902b7'
const SERVER_KIND = 2
const ERROR = 2

/** Runs a few requests through a server exporting to `receiver`, then closes it (which flushes spans and metrics). */
async function exercise(receiver: OtlpReceiver, protocol: 'grpc' | 'httpprotobuf'): Promise<void> {
  const server = await startLibraryServer({
    runtime: {
      telemetry: {
        'open-telemetry': {
          endpoint: receiver.endpoint,
          'exporter-protocol': protocol,
          'service-name': 'library-api',
          headers: 'x-tenant=blue',
        },
      },
    },
  })
  try {
    const inject = (options: InjectOptions) => server.app.inject(options)
    expect(
      (
        await inject({
          url: '/api/Book?$first=2',
          headers: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN_ID}-01`, 'user-agent': 'probe/1.0' },
        })
      ).statusCode,
    ).toBe(200)
    expect((await inject({ url: '/api/Loan' })).statusCode).toBe(403)
    expect(
      (
        await inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', 'x-ms-api-role': 'authenticated' },
          payload: JSON.stringify({ query: '{ publishers(first: 1) { items { name } } }' }),
        })
      ).statusCode,
    ).toBe(200)
    // A statement the database refuses (no such publisher): the query span records the error.
    const failed = await inject({
      method: 'POST',
      url: '/api/Book',
      headers: { 'content-type': 'application/json', 'x-ms-api-role': 'authenticated' },
      payload: JSON.stringify({ title: 'Orphan', publisher_id: 999999 }),
    })
    expect(failed.statusCode).toBeGreaterThanOrEqual(400)
    expect(failed.statusCode).toBeLessThan(500)
    expect((await inject({ url: '/api/BookCount' })).statusCode).toBe(200)
    const mcp = await inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'read_records', arguments: { entity: 'Publisher', first: 1 } },
      }),
    })
    expect(mcp.statusCode, mcp.body).toBe(200)
  } finally {
    await server.close()
  }
}

function span(
  spans: readonly ReceivedSpan[],
  name: string,
  where: (s: ReceivedSpan) => boolean = () => true,
): ReceivedSpan {
  const found = spans.find((s) => s.name === name && where(s))
  expect(found, `span ${name} among ${spans.map((s) => s.name).join(', ')}`).toBeDefined()
  return found!
}

function points(all: readonly ReceivedPoint[], metric: string): ReceivedPoint[] {
  return all.filter((p) => p.metric === metric)
}

function checkTelemetry(receiver: OtlpReceiver): void {
  const { spans } = receiver
  const rest = span(spans, 'GET Book')
  expect(rest.kind).toBe(SERVER_KIND)
  expect(rest.traceId, "continues the caller's trace").toBe(TRACE_ID)
  expect(rest.parentSpanId).toBe(PARENT_SPAN_ID)
  expect(rest.scope).toBe('DataApiBuilder')
  expect(rest.resource['service.name']).toBe('library-api')
  expect(rest.attributes).toMatchObject({
    'http.method': 'GET',
    'http.url': '/api/Book',
    'http.querystring': '?$first=2',
    'user-agent': 'probe/1.0',
    'api.type': 'REST',
    'user.role': 'anonymous',
    'action.type': 'Read',
    'dab.entity': 'Book',
    'status.code': 200,
  })
  const query = span(spans, 'QUERY Book', (s) => s.traceId === TRACE_ID)
  expect(query.parentSpanId, 'the query span is a child of the request span').toBe(rest.spanId)
  expect(query.attributes).toMatchObject({
    'data-source.type': 'PGlite',
    'data-source.name': 'default',
    'dab.operation': 'read',
  })

  const forbidden = span(spans, 'GET Loan')
  expect(forbidden.status.code).toBe(ERROR)
  expect(forbidden.attributes).toMatchObject({
    'status.code': 403,
    'error.type': expect.any(String),
    'error.message': expect.any(String),
  })

  const graphql = span(spans, 'POST /graphql')
  expect(graphql.attributes).toMatchObject({ 'api.type': 'GraphQL', 'user.role': 'authenticated', 'status.code': 200 })
  expect(span(spans, 'QUERY Publisher').parentSpanId).toBe(graphql.spanId)

  const write = span(spans, 'POST Book')
  const failedQuery = span(spans, 'QUERY Book', (s) => s.parentSpanId === write.spanId)
  expect(failedQuery.status.code).toBe(ERROR)
  expect(String(failedQuery.attributes['error.type'])).toMatch(/^SLUICE_ERR_/)

  const procedure = span(spans, 'QUERY BookCount')
  expect(procedure.attributes).toMatchObject({ 'db.procedure': 'public.book_count', 'dab.operation': 'execute' })
  const mcp = span(spans, 'POST /mcp')
  expect(mcp.attributes).toMatchObject({
    'api.type': 'MCP',
    'mcp.tool.name': 'read_records',
    'dab.entity': 'Publisher',
    'action.type': 'Read',
  })
  expect(span(spans, 'QUERY Publisher', (s) => s.parentSpanId === mcp.spanId).attributes['data-source.type']).toBe(
    'PGlite',
  )

  const { points: all } = receiver
  const total = points(all, 'total_requests')
  expect(total.every((p) => p.scope === 'DataApiBuilder.Metrics')).toBe(true)
  expect(total.find((p) => p.attributes['endpoint'] === '/api/Book' && p.attributes['method'] === 'GET')).toMatchObject(
    { value: 1, attributes: { status_code: 200, api_type: 'REST' } },
  )
  expect(total.find((p) => p.attributes['endpoint'] === '/graphql')).toMatchObject({
    value: 1,
    attributes: { method: 'POST', status_code: 200, api_type: 'GraphQL' },
  })
  const errors = points(all, 'total_errors')
  expect(errors.find((p) => p.attributes['endpoint'] === '/api/Loan')).toMatchObject({
    value: 1,
    attributes: { status_code: 403, error_type: expect.any(String) },
  })
  const durations = points(all, 'request_duration')
  expect(
    durations.find((p) => p.attributes['endpoint'] === '/api/Book' && p.attributes['method'] === 'GET'),
  ).toMatchObject({ unit: 'ms', count: 1 })
  const active = points(all, 'active_requests').filter((p) => p.attributes['api_type'] === 'REST')
  expect(active.length).toBeGreaterThan(0)
  expect(active.at(-1)!.value, 'every request that started has ended').toBe(0)
  expect(
    receiver.headers.some((h) => h['x-tenant'] === 'blue'),
    'open-telemetry.headers are sent',
  ).toBe(true)
}

describe('OpenTelemetry over OTLP HTTP/protobuf', () => {
  let receiver: OtlpReceiver
  beforeAll(async () => {
    receiver = await startHttpOtlpReceiver()
    await exercise(receiver, 'httpprotobuf')
  })
  afterAll(() => receiver.close())

  it("exports request and query spans and Data API builder's metrics, decoded from protobuf", () => {
    expect(receiver.headers.some((h) => h['content-type'] === 'application/x-protobuf')).toBe(true)
    checkTelemetry(receiver)
  })
})

describe('OpenTelemetry over OTLP gRPC', () => {
  let receiver: OtlpReceiver
  beforeAll(async () => {
    receiver = await startGrpcOtlpReceiver()
    await exercise(receiver, 'grpc')
  })
  afterAll(() => receiver.close())

  it("exports request and query spans and Data API builder's metrics through the gRPC services", () => {
    checkTelemetry(receiver)
  })
})
