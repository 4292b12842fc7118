import { readFileSync } from 'node:fs'

/** `/proc/loadavg`'s 1, 5 and 15 minute load averages. */
export function readLoadAverage(): readonly [number, number, number] {
  const [a, b, c] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number)
  return [a ?? Number.NaN, b ?? Number.NaN, c ?? Number.NaN]
}
