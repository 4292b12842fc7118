import { describe, expect, it } from 'vitest'
import { parseOtlpHeaders, resolveOtlpSettings } from './resolve-otlp-settings.js'

const base = { enabled: true, headers: undefined, serviceName: 'dab' }

describe('resolveOtlpSettings', () => {
  it('sends gRPC to the endpoint as written', () => {
    expect(resolveOtlpSettings({ ...base, endpoint: 'http://otel:4317/', exporterProtocol: 'grpc' })).toEqual({
      settings: {
        protocol: 'grpc',
        tracesUrl: 'http://otel:4317',
        metricsUrl: 'http://otel:4317',
        headers: {},
        serviceName: 'dab',
      },
    })
  })

  it('appends /v1/traces and /v1/metrics to an HTTP/protobuf base URL, and accepts a signal URL', () => {
    const expected = {
      tracesUrl: 'https://collector.example/otlp/v1/traces',
      metricsUrl: 'https://collector.example/otlp/v1/metrics',
    }
    expect(
      resolveOtlpSettings({ ...base, endpoint: 'https://collector.example/otlp', exporterProtocol: 'httpprotobuf' }),
    ).toMatchObject({ settings: expected })
    expect(
      resolveOtlpSettings({
        ...base,
        endpoint: 'https://collector.example/otlp/v1/traces',
        exporterProtocol: 'httpprotobuf',
      }),
    ).toMatchObject({ settings: expected })
  })

  it.each(["@env('OTEL_EXPORTER_OTLP_ENDPOINT')", '', 'otel:4317', 'ftp://otel:21', '/v1/traces'])(
    'turns export off, saying why, for %j',
    (endpoint) => {
      const result = resolveOtlpSettings({ ...base, endpoint, exporterProtocol: 'grpc' })
      expect(result).toEqual({ off: expect.stringContaining('is not an absolute http(s) URL') })
    },
  )
})

describe('parseOtlpHeaders', () => {
  it('reads key=value pairs, trims, lower-cases names and percent-decodes values', () => {
    expect(parseOtlpHeaders(' Authorization=Bearer%20abc , x-tenant=a=b,broken,=x')).toEqual({
      authorization: 'Bearer abc',
      'x-tenant': 'a=b',
    })
    expect(parseOtlpHeaders(undefined)).toEqual({})
  })
})
