import { describe, expect, it } from 'vitest'
import { findUnimplementedKeys } from './unimplemented-keys.js'

const line = (key: string) => `Config key ${key} is accepted but not implemented yet; it has no effect.`

describe('findUnimplementedKeys', () => {
  it('finds nothing in a config without listed keys', () => {
    expect(findUnimplementedKeys({ runtime: { rest: {} }, entities: { A: { source: 'a' } } })).toEqual([])
  })

  it('no longer lists the response cache, which is implemented', () => {
    const cache = {
      enabled: true,
      'ttl-seconds': 10,
      'level-2': { enabled: true, provider: 'redis', 'connection-string': 'localhost:6379' },
    }
    expect(
      findUnimplementedKeys({ runtime: { cache }, entities: { A: { cache: { enabled: true, level: 'L1' } } } }),
    ).toEqual([])
  })

  it('reports each key kind once, however many entities use it', () => {
    const entities = { A: { health: {}, other: { enabled: true } }, B: { other: { enabled: false } } }
    expect(findUnimplementedKeys({ entities }, ['entities.*.other'])).toEqual([line('entities.*.other')])
  })

  it('stays silent about an empty section, such as the "azure-key-vault": {} a config may carry', () => {
    expect(findUnimplementedKeys({ 'azure-key-vault': {} })).toEqual([])
    expect(findUnimplementedKeys({ 'azure-key-vault': { endpoint: 'https://vault' } })).toEqual([
      "Config key azure-key-vault is accepted but not supported (@akv('…') secrets live in Azure Key Vault, which Sluice has no client for; pass secrets with @env('…')); it has no effect.",
    ])
  })

  it('no longer lists autoentities (implemented on every engine)', () => {
    expect(findUnimplementedKeys({ autoentities: { all: { permissions: [] } } })).toEqual([])
  })

  it('finds runtime.host keys under the top-level host too', () => {
    expect(findUnimplementedKeys({ host: { 'some-key': 5 } }, ['runtime.host.some-key'])).toEqual([
      line('host.some-key'),
    ])
  })

  it('says why the Azure telemetry sinks have no effect, and is silent about the file sink, OpenTelemetry and log-level', () => {
    const telemetry = {
      'application-insights': { 'connection-string': 'x' },
      file: { enabled: true },
      'open-telemetry': { endpoint: 'http://otel:4317' },
      'log-level': { default: 'error' },
    }
    const warnings = findUnimplementedKeys({ runtime: { telemetry } })
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(
      /^Config key runtime\.telemetry\.application-insights is accepted but not supported \(Application Insights is an Azure service/,
    )
  })

  it('treats null as absent', () => {
    expect(findUnimplementedKeys({ runtime: { host: { cors: null } } })).toEqual([])
  })

  it('uses the list it is given', () => {
    expect(findUnimplementedKeys({ runtime: { rest: { path: '/x' } } }, ['runtime.rest.path'])).toEqual([
      line('runtime.rest.path'),
    ])
  })
})
