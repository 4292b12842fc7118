import { request } from 'node:http'
import { join } from 'node:path'
import { readProcessRssMb } from '../read-process-rss.js'
import { startServerProcess } from '../start-server-process.js'
import { waitUntilReady } from '../wait-until-ready.js'
import { BIG_ROWS, loadBigTable } from './load-big-table.js'

export interface BigPageRun {
  readonly timeToFirstByteMs: number
  readonly totalMs: number
  readonly bytes: number
  readonly rows: number
  readonly rssBeforeMb: number
  readonly rssPeakMb: number
}

export interface BigPageMeasurement {
  readonly rows: number
  readonly runs: readonly BigPageRun[]
  /** Medians; issue 8 targets: time to first byte ≤ 100 ms, RSS growth ≤ 50 MB. */
  readonly medianTimeToFirstByteMs: number
  readonly medianRssGrowthMb: number
  readonly medianTotalMs: number
}

/**
 * `GET /api/Item?$first=-1` over `BIG_ROWS` rows, `runs` times against one Sluice process: time to the first body
 * byte, time to the last, and the server's RSS before and at its peak (sampled every 10 ms while the page flows).
 */
export async function measureBigPage(
  databaseUrl: string,
  port: number,
  runs: number,
  log: (line: string) => void,
): Promise<BigPageMeasurement> {
  const { created } = await loadBigTable(databaseUrl)
  log(`large page: ${BIG_ROWS}-row table ${created ? 'created' : 'already there'}`)
  const server = startServerProcess(join('bench', 'src', 'stream', 'big-page-server.ts'), [], {
    SLUICE_BENCH_PORT: String(port),
    SLUICE_BENCH_DATABASE_URL: databaseUrl,
  })
  try {
    const origin = `http://127.0.0.1:${port}`
    await waitUntilReady(server, `${origin}/`)
    await getPage(`${origin}/api/Item?$first=1000`, server.pid) // warm the statement cache and the pool
    const results: BigPageRun[] = []
    for (let i = 0; i < runs; i++) {
      const run = await getPage(`${origin}/api/Item?$first=-1`, server.pid)
      if (run.rows !== BIG_ROWS) throw new Error(`the large page held ${run.rows} rows, expected ${BIG_ROWS}`)
      log(
        `  run ${i + 1}: first byte ${run.timeToFirstByteMs.toFixed(1)} ms, last ${Math.round(run.totalMs)} ms, ${(run.bytes / 2 ** 20).toFixed(1)} MB, ` +
          `RSS ${run.rssBeforeMb} → peak ${run.rssPeakMb} MB`,
      )
      results.push(run)
    }
    return {
      rows: BIG_ROWS,
      runs: results,
      medianTimeToFirstByteMs: median(results.map((r) => r.timeToFirstByteMs)),
      medianRssGrowthMb: median(results.map((r) => r.rssPeakMb - r.rssBeforeMb)),
      medianTotalMs: median(results.map((r) => r.totalMs)),
    }
  } finally {
    await server.stop()
  }
}

function getPage(url: string, pid: number): Promise<BigPageRun> {
  const rssBeforeMb = readProcessRssMb(pid) ?? 0
  let rssPeakMb = rssBeforeMb
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, readProcessRssMb(pid) ?? 0)
  }, 10)
  const started = process.hrtime.bigint()
  const ms = (): number => Number(process.hrtime.bigint() - started) / 1e6
  return new Promise<BigPageRun>((resolve, reject) => {
    request(url, (res) => {
      let first: number | undefined
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => {
        first ??= ms()
        chunks.push(chunk)
      })
      res.on('error', reject)
      res.on('end', () => {
        const totalMs = ms()
        clearInterval(sampler)
        const text = Buffer.concat(chunks).toString('utf8')
        if (res.statusCode !== 200) {
          reject(new Error(`${url} answered ${res.statusCode}: ${text.slice(0, 300)}`))
          return
        }
        const rows = (JSON.parse(text) as { value: unknown[] }).value.length
        resolve({ timeToFirstByteMs: first ?? totalMs, totalMs, bytes: text.length, rows, rssBeforeMb, rssPeakMb })
      })
    })
      .on('error', (error) => {
        clearInterval(sampler)
        reject(error)
      })
      .end()
  })
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}
