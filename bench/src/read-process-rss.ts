import { readFileSync } from 'node:fs'

/** Resident set size of a process in MB, from `VmRSS` in `/proc/<pid>/status`; undefined if unreadable. */
export function readProcessRssMb(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match === null ? undefined : Math.round(Number(match[1]) / 1024)
  } catch {
    return undefined
  }
}
