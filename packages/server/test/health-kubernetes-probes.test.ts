import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import type { SluiceServer } from '../src/index.js'
import { startLibraryServer } from './support/library-test-server.js'

// docs/operations.md's Kubernetes example, as written: the runtime.health settings it gives, on the library sample, and
// exactly the probe requests its YAML configures (the port aside: the test server listens on a free one).
const OPERATIONS = fileURLToPath(new URL('../../../docs/operations.md', import.meta.url))

interface HttpGetProbe {
  readonly httpGet: {
    readonly path: string
    readonly port: number
    readonly httpHeaders?: readonly { readonly name: string; readonly value: string }[]
  }
  readonly timeoutSeconds?: number
}

function kubernetesExample(): { probes: Record<string, HttpGetProbe>; runtime: Record<string, unknown> } {
  const text = readFileSync(OPERATIONS, 'utf8')
  const section = text.slice(text.indexOf('### Kubernetes probes'), text.indexOf('## OpenTelemetry'))
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!
  const json = /```json\n([\s\S]*?)```/.exec(section)![1]!
  return {
    probes: parseYaml(yaml) as Record<string, HttpGetProbe>,
    runtime: (JSON.parse(`{${json}}`) as { runtime: Record<string, unknown> }).runtime,
  }
}

describe("docs/operations.md's Kubernetes probes against the library sample", () => {
  const example = kubernetesExample()
  let server: SluiceServer
  let port: number
  beforeAll(async () => {
    server = await startLibraryServer({ runtime: example.runtime })
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const address = server.app.server.address()
    port = typeof address === 'object' && address !== null ? address.port : 0
  })
  afterAll(() => server.close())

  it('configures a liveness and a readiness probe, with the settings the section recommends', () => {
    expect(Object.keys(example.probes).sort()).toEqual(['livenessProbe', 'readinessProbe'])
    expect(example.runtime).toMatchObject({ health: { enabled: true, roles: ['anonymous'] } })
    // "the probe's timeoutSeconds above twice the largest threshold-ms" (every threshold here is the default).
    const largestThresholdMs = Math.max(
      ...[...server.sluice.model.entities.values()].map((e) => e.config.health.thresholdMs),
      ...[...server.sluice.config.dataSources.values()].map((s) => s.health.thresholdMs),
    )
    expect(example.probes['readinessProbe']!.timeoutSeconds! * 1000).toBeGreaterThan(2 * largestThresholdMs)
  })

  it.each(['livenessProbe', 'readinessProbe'])('%s passes', async (name) => {
    const { httpGet } = example.probes[name]!
    expect(httpGet.port).toBe(5000)
    const headers = Object.fromEntries((httpGet.httpHeaders ?? []).map((h) => [h.name, h.value]))
    const response = await fetch(`http://127.0.0.1:${port}${httpGet.path}`, { headers })
    const body = await response.text()
    // The kubelet counts 200-399 as success.
    expect(response.status, body).toBeGreaterThanOrEqual(200)
    expect(response.status, body).toBeLessThan(400)
    expect(JSON.parse(body)).toMatchObject({ status: 'Healthy' })
  })

  it('the readiness report checks what anonymous may read and names what it skipped', async () => {
    const { httpGet } = example.probes['readinessProbe']!
    const headers = Object.fromEntries((httpGet.httpHeaders ?? []).map((h) => [h.name, h.value]))
    const report = (await (await fetch(`http://127.0.0.1:${port}${httpGet.path}`, { headers })).json()) as {
      'current-role': string
      checks: { name: string; status: string }[]
      skipped?: { name: string }[]
    }
    expect(report['current-role']).toBe('anonymous')
    expect(report.checks.map((c) => c.name)).toContain('Book')
    expect(report.checks.every((c) => c.status === 'Healthy')).toBe(true)
    expect(report.skipped?.map((s) => s.name)).toEqual(['Loan', 'Loan'])
  })
})
