import type { SharedStamp } from '@sluice/core'

/** The shared versions a read saw before it asked the database: what its entry is stored with. */
export interface RedisStamp extends SharedStamp {
  readonly store: 'redis'
  readonly epoch: string
  readonly tags: readonly string[]
  readonly versions: readonly number[]
}

export interface RedisEntry {
  readonly epoch: string
  readonly tags: readonly string[]
  readonly versions: readonly number[]
  readonly value: string
}

/** One line of JSON (epoch, tags, versions; JSON never holds a raw newline), a newline, then the value as given. */
export function encodeEntry(stamp: RedisStamp, value: string): string {
  return `${JSON.stringify({ e: stamp.epoch, t: stamp.tags, v: stamp.versions })}\n${value}`
}

/** An entry back from its text; undefined when malformed (a miss). */
export function decodeEntry(text: string): RedisEntry | undefined {
  const newline = text.indexOf('\n')
  if (newline === -1) return undefined
  let header: { e?: unknown; t?: unknown; v?: unknown }
  try {
    header = JSON.parse(text.slice(0, newline)) as typeof header
  } catch {
    return undefined
  }
  const { e, t, v } = header
  if (typeof e !== 'string' || !Array.isArray(t) || !Array.isArray(v) || t.length !== v.length) return undefined
  if (!t.every((x) => typeof x === 'string') || !v.every((x) => typeof x === 'number')) return undefined
  return { epoch: e, tags: t as string[], versions: v as number[], value: text.slice(newline + 1) }
}
