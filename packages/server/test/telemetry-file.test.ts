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
  const stream = (log as unknown as Record<symbol, unknown>)[Symbol.for('pino.stream')] as
    { end?: () => void; once?: (event: string, listener: () => void) => void } | undefined
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
    writeFileSync(
      join(dir, 'dab-config.json'),
      JSON.stringify({
        'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: SEED } },
        runtime: { telemetry: { file, 'log-level': { default: 'debug' } } },
        entities: { Book: { source: 'books', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
      }),
    )
  }

  it("writes JSON log lines under the config's folder, DAB's Windows-style default path included", async () => {
    writeConfig({ enabled: true })
    const server = await startSluice([], dir)
    await fetch(`${server.url}/api/Book?$first=1`)
    await server.stop()
    const logs = join(dir, 'logs')
    const files = readdirSync(logs)
    expect(files.length).toBeGreaterThan(0)
    expect(
      files.every((f) => /^dab-log\.\d{8}\.\d+\.txt$/.test(f)),
      files.join(),
    ).toBe(true)
    const lines = files
      .flatMap((f) => readFileSync(join(logs, f), 'utf8').trim().split('\n'))
      .map((l) => JSON.parse(l) as { msg?: string })
    expect(lines.some((l) => l.msg?.includes('listening on'))).toBe(true)
    // Still on the console too.
    expect(server.output()).toContain('listening on')
  }, 60_000)

  // The CLI passes the config to createLogger (above); the rolling and the fallback are createLogger's own.
  const loggerFor = (file: Record<string, unknown>) =>
    createLogger(
      parseConfig(
        {
          'data-source': { 'database-type': 'pglite', 'connection-string': '' },
          entities: {},
          runtime: { telemetry: { file } },
        },
        { baseDir: dir, env: {} },
      ),
      { level: 'info', destination: 2 },
    )

  it('rolls on size and keeps the retained number of files', async () => {
    const log = loggerFor({
      enabled: true,
      path: 'rolled/api.log',
      'rolling-interval': 'Infinite',
      'file-size-limit-bytes': 1024,
      'retained-file-count-limit': 3,
    })
    const rolled = join(dir, 'rolled')
    const files = (): string[] => (existsSync(rolled) ? readdirSync(rolled) : [])
    const newest = (): number => Math.max(0, ...files().map((f) => Number(/\.(\d+)\.log$/.exec(f)?.[1] ?? 0)))
    // pino-roll rolls when a write takes the file over the limit. Each batch of ten lines (about 1.5 KB) crosses it
    // once; waiting for that roll before the next batch keeps the worker from receiving everything in one write,
    // which rolls only once however slow the machine is.
    for (let batch = 0; batch < 6; batch++) {
      const before = newest()
      for (let i = 0; i < 10; i++) log.info({ line: batch * 10 + i, padding: 'x'.repeat(100) }, 'a log line')
      await expect.poll(newest, { timeout: 15_000, interval: 20 }).toBeGreaterThan(before)
    }
    await closeLogger(log)
    expect(
      files().every((f) => /^api\.\d+\.log$/.test(f)),
      files().join(),
    ).toBe(true)
    // Removing the oldest files runs after each roll, asynchronously.
    await expect.poll(() => files().length, { timeout: 15_000, interval: 20 }).toBe(3)
  }, 60_000)

  it('warns and logs to the console only when the folder cannot be written', async () => {
    writeFileSync(join(dir, 'blocker'), 'a file where the log folder should be')
    const file = { enabled: true, path: 'blocker/dab-log.txt' }
    const config = parseConfig(
      {
        'data-source': { 'database-type': 'pglite', 'connection-string': '' },
        entities: {},
        runtime: { telemetry: { file } },
      },
      { baseDir: dir, env: {} },
    )
    expect(fileLogTarget(config, 'info')).toEqual({
      warning: expect.stringMatching(
        /^runtime\.telemetry\.file: cannot write log files in .*blocker \((EEXIST|ENOTDIR)\); logging to stdout only\.$/,
      ),
    })
    const log = loggerFor(file)
    log.info('still logging')
    await closeLogger(log)
    expect(existsSync(join(dir, 'blocker', 'dab-log.txt'))).toBe(false)
  })
})
