import type { LoadRun } from './load-run.js'

/** Reads requests/s, p50/p99 latency, non-2xx/3xx and socket errors from wrk's `--latency` report. */
export function parseWrkOutput(text: string): LoadRun {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(text)
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m|h)/.exec(text)
  const p50 = /^\s*50(?:\.0+)?%\s+([\d.]+)(us|ms|s|m|h)/m.exec(text)
  const p99 = /^\s*99(?:\.0+)?%\s+([\d.]+)(us|ms|s|m|h)/m.exec(text)
  if (rps === null || total === null || p50 === null || p99 === null) throw new Error(`unexpected wrk output:\n${text}`)
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(text)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text)
  const errors = socket === null ? 0 : socket.slice(1).reduce((sum, n) => sum + Number(n), 0)
  return {
    tool: 'wrk',
    seconds: toMs(total[2], total[3]) / 1000,
    requestsPerSecond: Number(rps[1]),
    totalRequests: Number(total[1]),
    latencyP50Ms: toMs(p50[1], p50[2]),
    latencyP99Ms: toMs(p99[1], p99[2]),
    non2xx: non2xx === null ? 0 : Number(non2xx[1]),
    errors,
  }
}

function toMs(value: string | undefined, unit: string | undefined): number {
  const factor: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }
  return Number(value) * (factor[unit ?? 'ms'] ?? 1)
}
