import { readdirSync, readFileSync } from 'node:fs'

/** CPU time counters (in clock ticks) at one moment: the whole machine, and the processes we care about. */
export interface CpuSnapshot {
  readonly at: number
  readonly busy: number
  readonly interrupts: number
  readonly steal: number
  readonly runner: number
  readonly server: number
  readonly postgres: number
}

/** Average CPU use between two snapshots, in % of ONE core (so 200 = both cores of a 2-core machine). */
export interface CpuUsage {
  readonly total: number
  readonly runner: number
  readonly server: number
  readonly postgres: number
  /** Everything else: other tenants' processes (total minus runner, server and PostgreSQL). */
  readonly foreign: number
  /** irq + softirq time (mostly our own loopback traffic). */
  readonly interrupts: number
  /** Time the hypervisor gave to other VMs. */
  readonly steal: number
}

const TICKS_PER_SECOND = 100

/** Reads /proc/stat and /proc/<pid>/stat: machine busy/steal ticks, this process, the server, all `postgres` processes. */
export function sampleCpu(serverPid: number): CpuSnapshot {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number)
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields
  let postgres = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = readStat(Number(entry))
    if (stat?.comm === 'postgres') postgres += stat.ticks
  }
  const self = readStat(process.pid)
  return {
    at: performance.now(),
    // irq/softirq time is not charged to any process (loopback traffic lands there), so it is reported apart.
    busy: user + nice + system,
    interrupts: irq + softirq,
    steal,
    // with reaped children's time: a wrk run (a child process that has exited by the second sample) counts here
    runner: self === undefined ? 0 : self.ticks + self.childTicks,
    server: readStat(serverPid)?.ticks ?? 0,
    postgres,
  }
}

export function cpuUsageBetween(a: CpuSnapshot, b: CpuSnapshot): CpuUsage {
  const seconds = (b.at - a.at) / 1000
  const pct = (ticks: number): number => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100)
  const total = pct(b.busy - a.busy)
  const runner = pct(b.runner - a.runner)
  const server = pct(b.server - a.server)
  const postgres = pct(b.postgres - a.postgres)
  return {
    total,
    runner,
    server,
    postgres,
    foreign: Math.max(0, total - runner - server - postgres),
    interrupts: pct(b.interrupts - a.interrupts),
    steal: pct(b.steal - a.steal),
  }
}

function readStat(pid: number): { comm: string; ticks: number; childTicks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const close = text.lastIndexOf(')')
    const comm = text.slice(text.indexOf('(') + 1, close)
    const rest = text.slice(close + 2).split(' ')
    // after "pid (comm) ": state(0) … utime(11) stime(12) cutime(13) cstime(14)
    return { comm, ticks: Number(rest[11]) + Number(rest[12]), childTicks: Number(rest[13]) + Number(rest[14]) }
  } catch {
    return undefined
  }
}
