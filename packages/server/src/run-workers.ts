import cluster, { type Worker } from 'node:cluster'

/** What the primary reports; the CLI passes its pino logger. */
export interface WorkerLog {
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export interface WorkerOptions {
  readonly count: number
  readonly log: WorkerLog
  /** Crashes tolerated per `crashWindowMs` after start-up before the primary gives up (a crash loop). */
  readonly maxCrashes?: number
  readonly crashWindowMs?: number
  /** How long workers get to finish in-flight requests after the primary is told to stop. */
  readonly graceMs?: number
}

/**
 * `sluice start --workers N`: the primary process forks N copies of the same command line (node:cluster) and serves
 * nothing itself; the workers listen on one shared port (the primary hands out connections round-robin). Each worker
 * is a complete Sluice with its own pool, so N workers open up to N × pool-size database connections. Cursors stay
 * valid across workers because the cursor secret is derived from the config, not from the process.
 *
 * Start-up is all or nothing: if a worker exits before it listens (bad config, port taken, database down) the
 * primary stops the others and exits 1. A worker that crashes later is replaced, unless it keeps crashing. SIGTERM
 * and SIGINT are passed on; the primary exits once every worker has finished its in-flight requests.
 */
export function runWorkers(options: WorkerOptions): Promise<number> {
  const { count, log } = options
  const maxCrashes = options.maxCrashes ?? 5
  const crashWindowMs = options.crashWindowMs ?? 60_000
  const graceMs = options.graceMs ?? 30_000
  const listening = new Set<Worker>()
  const crashes: number[] = []
  let stopping = false
  let startedAll = false

  return new Promise<number>((resolve) => {
    let exitCode = 0
    const finishWhenAllExited = (): void => {
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode)
    }
    const stopAll = (code: number): void => {
      if (stopping) return
      stopping = true
      exitCode = code
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
      setTimeout(() => {
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
      }, graceMs).unref()
      finishWhenAllExited()
    }

    cluster.on('listening', (worker, address) => {
      listening.add(worker)
      log.info(`worker ${worker.process.pid} is listening on port ${address.port}`)
      if (!startedAll && listening.size === count) {
        startedAll = true
        log.info(`${count} workers are serving`)
      }
    })
    cluster.on('exit', (worker, code, signal) => {
      const wasListening = listening.delete(worker)
      if (stopping) {
        if (code !== 0 && signal !== 'SIGTERM') exitCode = 1
        finishWhenAllExited()
        return
      }
      const how = signal === null ? `with code ${code}` : `on ${signal}`
      if (!wasListening) {
        // A worker that never listened fails the same way on every retry: report once and stop.
        log.error(`worker ${worker.process.pid} exited ${how} before it could serve; stopping`)
        stopAll(1)
        return
      }
      const now = Date.now()
      crashes.push(now)
      while (crashes.length > 0 && (crashes[0] as number) < now - crashWindowMs) crashes.shift()
      if (crashes.length > maxCrashes) {
        log.error(`workers crashed ${crashes.length} times within ${crashWindowMs / 1000} s; stopping`)
        stopAll(1)
        return
      }
      log.warn(`worker ${worker.process.pid} exited ${how}; starting a replacement`)
      cluster.fork()
    })

    const onSignal = (): void => {
      if (stopping) process.exit(1)
      log.info('shutting down: workers finish their in-flight requests')
      stopAll(0)
    }
    process.on('SIGTERM', onSignal)
    process.on('SIGINT', onSignal)

    for (let i = 0; i < count; i++) cluster.fork()
  })
}

/** `--workers` as given: a positive integer, or `auto` for one per available CPU. */
export function parseWorkerCount(text: string, available: number): number | undefined {
  if (text === 'auto') return Math.max(1, available)
  if (!/^[1-9]\d{0,2}$/.test(text)) return undefined
  return Number(text)
}
