import autocannon from 'autocannon'
import type { LoadRun } from './load-run.js'

/** One autocannon run (programmatic, in this process) of `seconds` with `connections` keep-alive connections. */
export async function runAutocannon(url: string, seconds: number, connections: number): Promise<LoadRun> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 })
  return {
    tool: 'autocannon',
    seconds: result.duration,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}
