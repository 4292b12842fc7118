import { cpuUsageBetween, sampleCpu } from './sample-cpu.js'

/**
 * Waits until other tenants (their processes plus hypervisor steal) take at most `maxForeign` % of a core over a 2 s
 * window (the server is idle then), or until `timeoutMs`; returns the last share seen.
 */
export async function waitForQuiet(serverPid: number, maxForeign: number, timeoutMs: number): Promise<number> {
  const started = Date.now()
  for (;;) {
    const a = sampleCpu(serverPid)
    await new Promise((resolve) => setTimeout(resolve, 2000))
    const usage = cpuUsageBetween(a, sampleCpu(serverPid))
    const foreign = usage.foreign + usage.steal
    if (foreign <= maxForeign || Date.now() - started >= timeoutMs) return foreign
  }
}
