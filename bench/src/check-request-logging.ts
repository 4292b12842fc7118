import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import * as os from 'node:os'
import { join } from 'node:path'
import { BENCH_SCENARIOS } from './bench-scenarios.js'
import type { BenchSettings } from './bench-settings.js'
import { listPortListeners } from './list-port-listeners.js'
import { buildBenchSluiceConfig } from './servers/build-bench-sluice-config.js'
import { startServerProcess } from './start-server-process.js'
import { waitUntilReady } from './wait-until-ready.js'

export interface RequestLoggingCheck {
  readonly command: string
  /** Successful requests sent (the bench's list, by-key and filter URLs). */
  readonly requests: number
  /** Lines the process wrote while serving them (0 = no per-request logging). */
  readonly linesDuringRequests: number
  /** Lines written for one unknown-entity 404 and one invalid-$filter 400. */
  readonly linesForErrorRequests: number
  readonly startupLines: number
  /** The first lines written after start-up, for the record. */
  readonly sample: readonly string[]
}

const REQUESTS_PER_URL = 100

/**
 * Runs `sluice start` (the CLI, as `pnpm start` does, logger at the config's default level) on the bench config and
 * counts what it writes while serving requests: a production server should log nothing per request.
 */
export async function checkRequestLogging(settings: BenchSettings): Promise<RequestLoggingCheck> {
  const dir = mkdtempSync(join(os.tmpdir(), 'sluice-bench-'))
  const file = join(dir, 'dab-config.json')
  writeFileSync(file, JSON.stringify(buildBenchSluiceConfig(settings.databaseUrl), null, 2))
  const cli = join('packages', 'server', 'src', 'cli.ts')
  const args = ['start', '--config', file, '--port', String(settings.port)]
  const busy = listPortListeners(settings.port)
  if (busy !== undefined && busy.count > 0)
    throw new Error(`port ${settings.port} is in use:\n${busy.lines.join('\n')}`)
  const server = startServerProcess(cli, args, {})
  const origin = `http://127.0.0.1:${settings.port}`
  try {
    // `GET /` answers as soon as the process listens (a liveness probe); the API answers 503 until start-up is done.
    await waitUntilReady(server, `${origin}/api/Book?$first=1`)
    await settle()
    const atReady = server.output()
    const urls = BENCH_SCENARIOS.flatMap((s) =>
      s.comparesRows && s.write === undefined && s.queries === undefined && s.paths.sluice !== undefined
        ? [origin + s.paths.sluice]
        : [],
    )
    let requests = 0
    for (const url of urls) {
      for (let i = 0; i < REQUESTS_PER_URL; i++) {
        const response = await fetch(url)
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`)
        requests++
      }
    }
    await settle()
    const afterRequests = server.output()
    for (const path of ['/api/NoSuchEntity', `/api/Book?$filter=${encodeURIComponent('nosuchfield eq 1')}`]) {
      await (await fetch(origin + path)).arrayBuffer()
    }
    await settle()
    const afterErrors = server.output()
    return {
      command: `node --conditions=@sluice/source --import tsx ${cli} ${args.join(' ').replace(file, '<bench config>')}`,
      requests,
      linesDuringRequests: countLines(afterRequests.slice(atReady.length)),
      linesForErrorRequests: countLines(afterErrors.slice(afterRequests.length)),
      startupLines: countLines(atReady),
      sample: afterErrors
        .slice(atReady.length)
        .split('\n')
        .filter((l) => l !== '')
        .slice(0, 5),
    }
  } finally {
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

function countLines(text: string): number {
  return text.split('\n').filter((l) => l.trim() !== '').length
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 500))
}
