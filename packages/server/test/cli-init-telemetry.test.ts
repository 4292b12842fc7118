import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runSluice, startSluice } from './support/run-sluice-cli.js'

// `sluice init` writes `runtime.telemetry.open-telemetry` with @env('OTEL_EXPORTER_OTLP_ENDPOINT'), …_HEADERS and
// OTEL_SERVICE_NAME, as `dab init` does. Without those variables every verb that loads the config says so in one
// line — the same line — instead of one warning per variable plus another from the exporter.
const NO_OTEL = {
  OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
  OTEL_EXPORTER_OTLP_HEADERS: undefined,
  OTEL_SERVICE_NAME: undefined,
}
const EXPECTED =
  "OpenTelemetry export is off: environment variable 'OTEL_EXPORTER_OTLP_ENDPOINT' (runtime.telemetry.open-telemetry.endpoint) is not set."

/** The lines of a verb's output that speak of OpenTelemetry or its variables, as plain messages. */
function telemetryLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /OTEL_|OpenTelemetry|open-telemetry/.test(line))
    .map((line) => (line.startsWith('{') ? String(JSON.parse(line).msg) : line.replace(/^(warning|warn): /, '')))
}

describe('a config fresh from `sluice init`, without OTEL_* variables', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-init-otel-'))
  let drop: (() => Promise<void>) | undefined
  let skip: string | undefined

  beforeAll(async () => {
    const database = await createTestDatabase(
      'sluice_init_otel',
      'create table shelves (id int primary key, name text)',
    )
    if ('unavailable' in database) {
      skip = database.unavailable
      return
    }
    drop = database.drop
    const init = await runSluice(['init', '--database-type', 'postgresql', '--connection-string', database.url], dir)
    expect(init.code, init.stderr).toBe(0)
    const add = await runSluice(['add', 'Shelf', '--source', 'shelves', '--permissions', 'anonymous:read'], dir)
    expect(add.code, add.stderr).toBe(0)
  }, 60_000)
  afterAll(() => drop?.())

  it('validate prints one line about it', async (context) => {
    if (skip !== undefined) return context.skip(skip)
    const run = await runSluice(['validate'], dir, NO_OTEL)
    expect(run.code, run.stderr).toBe(0)
    expect(telemetryLines(run.stdout + run.stderr)).toEqual([EXPECTED])
  }, 60_000)

  it('export prints the same line', async (context) => {
    if (skip !== undefined) return context.skip(skip)
    const run = await runSluice(['export', '--graphql', '-o', 'schema'], dir, NO_OTEL)
    expect(run.code, run.stderr).toBe(0)
    expect(telemetryLines(run.stdout + run.stderr)).toEqual([EXPECTED])
  }, 60_000)

  it('start logs the same line', async (context) => {
    if (skip !== undefined) return context.skip(skip)
    const server = await startSluice([], dir, NO_OTEL)
    const response = await fetch(`${server.url}/api/Shelf`)
    expect(response.status).toBe(200)
    await server.stop()
    expect(telemetryLines(server.output())).toEqual([EXPECTED])
  }, 60_000)
})
