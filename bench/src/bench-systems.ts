/** The systems under test; each runs as its own node process, one at a time. */
export type SystemKey = 'fastify-hello' | 'pg-rows' | 'pg-json-agg' | 'sluice'

export interface BenchSystem {
  readonly key: SystemKey
  readonly label: string
  /** The server script, relative to `bench/src/servers/`. */
  readonly script: string
}

export const BENCH_SYSTEMS: Readonly<Record<SystemKey, BenchSystem>> = {
  'fastify-hello': { key: 'fastify-hello', label: 'fastify hello (no DB)', script: 'hello-server.ts' },
  'pg-rows': { key: 'pg-rows', label: 'raw fastify + pg rows', script: 'pg-rows-server.ts' },
  'pg-json-agg': { key: 'pg-json-agg', label: 'raw fastify + pg json_agg passthrough', script: 'pg-json-agg-server.ts' },
  sluice: { key: 'sluice', label: 'Sluice', script: 'sluice-server.ts' },
}
