/** What the runner passes to every server process it starts. */
export interface ServerEnv {
  readonly port: number
  readonly databaseUrl: string
}

export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = Number(env['SLUICE_BENCH_PORT'])
  const databaseUrl = env['SLUICE_BENCH_DATABASE_URL']
  if (!Number.isInteger(port) || port <= 0 || databaseUrl === undefined) {
    throw new Error('bench servers need SLUICE_BENCH_PORT and SLUICE_BENCH_DATABASE_URL (run them through run-bench).')
  }
  return { port, databaseUrl }
}

/** Closes the server on SIGTERM/SIGINT, then exits. */
export function closeOnSignals(close: () => Promise<void>): void {
  const stop = (): void => {
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
