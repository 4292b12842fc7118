import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '@sluice/core'
import type { Logger } from 'pino'
import { createLogger } from '../src/create-logger.js'
import { fileLogTarget } from '../src/file-log-target.js'
import { startSluice } from './support/run-sluice-cli.js'

/** Ends a logger's transport worker once everything written has reached its files. */
function closeLogger(log: Logger): Promise<void> {
  const stream = (log as unknown as Record<symbol, unknown>)[Symbol.for('pino.stream')] as { end?: () => void; once?: (event: string, listener: () => void) => void } | undefined
  return new Promise((resolve) => {
    if (stream?.end === undefined || stream.once === undefined) return resolve()
    stream.once('close', () => resolve())
    stream.end()
  })
}

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

  // The CLI passes the config to createLogger (above); the rolling and the fallback are createLogger's own.
  const loggerFor = (file: Record<string, unknown>) => createLogger(parseConfig({
    'data-source': { 'database-type': 'pglite', 'connection-string': '' }, entities: {}, runtime: { telemetry: { file } },
  }, { baseDir: dir, env: {} }), { level: 'info', destination: 2 })

  it('rolls on size and keeps the retained number of files', async () => {
    const log = loggerFor({ enabled: true, path: 'rolled/api.log', 'rolling-interval': 'Infinite', 'file-size-limit-bytes': 1024, 'retained-file-count-limit': 3 })
    for (let i = 0; i < 60; i++) {
      log.info({ line: i, padding: 'x'.repeat(100) }, 'a log line')
      // pino-roll rolls when a write finds the file over the limit: give the worker time to write between lines.
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 50))
    }
    await closeLogger(log)
    const files = readdirSync(join(dir, 'rolled'))
    expect(files.every((f) => /^api\.\d+\.log$/.test(f)), files.join()).toBe(true)
    expect(files.length).toBe(3)
  })

  it('warns and logs to the console only when the folder cannot be written', async () => {
    writeFileSync(join(dir, 'blocker'), 'a file where the log folder should be')
    const file = { enabled: true, path: 'blocker/dab-log.txt' }
    const config = parseConfig({ 'data-source': { 'database-type': 'pglite', 'connection-string': '' }, entities: {}, runtime: { telemetry: { file } } }, { baseDir: dir, env: {} })
    expect(fileLogTarget(config, 'info')).toEqual({ warning: expect.stringMatching(/^runtime\.telemetry\.file: cannot write log files in .*blocker \((EEXIST|ENOTDIR)\); logging to stdout only\.$/) })
    const log = loggerFor(file)
    log.info('still logging')
    await closeLogger(log)
    expect(existsSync(join(dir, 'blocker', 'dab-log.txt'))).toBe(false)
  })
})
