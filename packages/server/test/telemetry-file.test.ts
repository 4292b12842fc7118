import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startSluice } from './support/run-sluice-cli.js'

const require = createRequire(import.meta.url)
const SEED = require.resolve('@sluice/example-library/library.sql')

// runtime.telemetry.file (Data API builder's Serilog file sink): the log lines also go to rolling files.
describe('runtime.telemetry.file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-telemetry-file-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const writeConfig = (file: Record<string, unknown>): void => {
    writeFileSync(join(dir, 'dab-config.json'), JSON.stringify({
      'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: SEED } },
      runtime: { telemetry: { file, 'log-level': { default: 'debug' } } },
      entities: { Book: { source: 'books', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    }))
  }

  it("writes JSON log lines under the config's folder, DAB's Windows-style default path included", async () => {
    writeConfig({ enabled: true })
    const server = await startSluice([], dir)
    await fetch(`${server.url}/api/Book?$first=1`)
    await server.stop()
    const logs = join(dir, 'logs')
    const files = readdirSync(logs)
    expect(files.length).toBeGreaterThan(0)
    expect(files.every((f) => /^dab-log\.\d{8}\.\d+\.txt$/.test(f)), files.join()).toBe(true)
    const lines = files.flatMap((f) => readFileSync(join(logs, f), 'utf8').trim().split('\n')).map((l) => JSON.parse(l) as { msg?: string })
    expect(lines.some((l) => l.msg?.includes('listening on'))).toBe(true)
    // Still on the console too.
    expect(server.output()).toContain('listening on')
  }, 60_000)

  it('rolls on size and keeps the retained number of files', async () => {
    writeConfig({ enabled: true, path: 'rolled/api.log', 'rolling-interval': 'Infinite', 'file-size-limit-bytes': 1024, 'retained-file-count-limit': 3 })
    const server = await startSluice([], dir)
    for (let i = 0; i < 40; i++) await fetch(`${server.url}/api/Book?$first=1`)
    await server.stop()
    const files = readdirSync(join(dir, 'rolled'))
    expect(files.every((f) => /^api\.\d+\.log$/.test(f)), files.join()).toBe(true)
    expect(files.length).toBe(3)
  }, 60_000)

  it('warns and logs to the console only when the folder cannot be written', async () => {
    writeFileSync(join(dir, 'blocker'), 'a file where the log folder should be')
    writeConfig({ enabled: true, path: 'blocker/dab-log.txt' })
    const server = await startSluice([], dir)
    await server.stop()
    expect(server.output()).toMatch(/runtime\.telemetry\.file: cannot write log files in .*blocker/)
    expect(existsSync(join(dir, 'blocker', 'dab-log.txt'))).toBe(false)
  }, 60_000)
})
