import { execFileSync } from 'node:child_process'

export interface PortListeners {
  /** Listening sockets on the port (one per line of `ss -ltnp`). */
  readonly count: number
  /** Owning process ids, as `ss` reports them. */
  readonly pids: readonly number[]
  /** The raw `ss` lines, for the record. */
  readonly lines: readonly string[]
}

/**
 * The TCP listeners on `port` from `ss -ltnpH`. Exactly one is expected while measuring: a leftover process bound with
 * SO_REUSEPORT would silently take part of the load. Returns undefined when `ss` is unavailable.
 */
export function listPortListeners(port: number): PortListeners | undefined {
  let text: string
  try {
    text = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' })
  } catch {
    return undefined
  }
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  const pids = lines.flatMap((l) => [...l.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))
  return { count: lines.length, pids: [...new Set(pids)], lines }
}
