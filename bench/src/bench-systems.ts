/** The systems under test; each runs as its own node process, one at a time. */
export type SystemKey = 'fastify-hello' | 'pg-rows' | 'pg-json-agg' | 'sluice' | 'sluice-compress-none' | 'sluice-compress-fastest' | 'sluice-compress-optimal'

/** `runtime.compression.level` of a Sluice variant (passed to sluice-server.ts as `SLUICE_BENCH_COMPRESSION`). */
export type BenchCompressionLevel = 'none' | 'fastest' | 'optimal'

export interface BenchSystem {
  readonly key: SystemKey
  readonly label: string
  /** The server script, relative to `bench/src/servers/`. */
  readonly script: string
  /** For a Sluice variant: the compression level it is configured with (unset: the config has no compression key). */
  readonly compression?: BenchCompressionLevel
}

export const BENCH_SYSTEMS: Readonly<Record<SystemKey, BenchSystem>> = {
  'fastify-hello': { key: 'fastify-hello', label: 'fastify hello (no DB)', script: 'hello-server.ts' },
  'pg-rows': { key: 'pg-rows', label: 'raw fastify + pg rows', script: 'pg-rows-server.ts' },
  'pg-json-agg': { key: 'pg-json-agg', label: 'raw fastify + pg json_agg passthrough', script: 'pg-json-agg-server.ts' },
  sluice: { key: 'sluice', label: 'Sluice', script: 'sluice-server.ts' },
  'sluice-compress-none': { key: 'sluice-compress-none', label: 'Sluice, compression none', script: 'sluice-server.ts', compression: 'none' },
  'sluice-compress-fastest': { key: 'sluice-compress-fastest', label: 'Sluice, compression fastest', script: 'sluice-server.ts', compression: 'fastest' },
  'sluice-compress-optimal': { key: 'sluice-compress-optimal', label: 'Sluice, compression optimal', script: 'sluice-server.ts', compression: 'optimal' },
}

/** Whether `key` is Sluice (itself or a configured variant): its responses carry the `{"value":[…]}` envelope. */
export function isSluice(key: SystemKey): boolean {
  return key === 'sluice' || key.startsWith('sluice-')
}
