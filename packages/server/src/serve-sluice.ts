import type { Logger, RuntimeConfig } from '@sluice/core'
import { bootWithRetry } from './boot-with-retry.js'
import type { SluiceServer } from './create-server.js'
import { FrontServer } from './front-server.js'
import { watchConfigFiles } from './watch-config-files.js'

export interface ServeOptions {
  readonly port: number
  readonly host: string
  readonly log: Logger
  /** Builds the Sluice server of one configuration (not listening; the front server routes to it). */
  readonly create: (config: RuntimeConfig) => Promise<SluiceServer>
  /** Reads the configuration again (hot reload); throws the config's problems when it is invalid. */
  readonly reload: () => RuntimeConfig
  /** The files the configuration comes from; a change to any of them reloads it. Empty: no hot reload. */
  readonly files: readonly string[]
  /**
   * Listen before the first boot (answering 503 until it succeeds). Off for `--workers` processes: the primary
   * counts a worker as ready when it listens, and starts all or none.
   */
  readonly listenFirst?: boolean | undefined
}

export interface RunningService {
  readonly address: string
  readonly front: FrontServer
  /** Stops watching and shuts down gracefully (see `FrontServer.close`). */
  close(): Promise<void>
}

/**
 * `sluice start`: listens at once, boots Sluice (waiting for a database that is not reachable yet for
 * `runtime.limits.startup-retry-seconds`, answering 503 meanwhile), then applies every change to the config files
 * without a restart: the new configuration is loaded, checked and booted beside the running one (new pools, metadata
 * read again), and only then takes new requests; requests in flight finish on the configuration they started with.
 * An invalid or unbootable change is logged and the running configuration stays. `host.mode` needs a restart.
 */
export async function serveSluice(initial: RuntimeConfig, options: ServeOptions): Promise<RunningService> {
  const { log } = options
  const front = new FrontServer()
  const listenFirst = options.listenFirst ?? true
  let address = listenFirst ? await front.listen(options.port, options.host) : ''
  try {
    const retryForMs = initial.runtime.limits.startupRetrySeconds * 1000
    await front.use(await bootWithRetry(() => options.create(initial), { retryForMs, log }))
    if (!listenFirst) address = await front.listen(options.port, options.host)
  } catch (error) {
    await front.close()
    throw error
  }
  let running = initial
  let queue: Promise<void> = Promise.resolve()
  const apply = async (): Promise<void> => {
    let next: RuntimeConfig
    try {
      next = options.reload()
    } catch (error) {
      log.error(`configuration change not applied, the running configuration stays: ${(error as Error).message}`)
      return
    }
    if (next.runtime.host.mode !== running.runtime.host.mode) {
      log.warn(
        `configuration change not applied: host.mode changed from ${running.runtime.host.mode} to ${next.runtime.host.mode}, which needs a restart`,
      )
      return
    }
    let server: SluiceServer
    try {
      server = await options.create(next)
    } catch (error) {
      log.error(`configuration change not applied, the running configuration stays: ${(error as Error).message}`)
      return
    }
    const previous = await front.use(server)
    running = next
    log.info(`configuration reloaded: ${server.sluice.model.entities.size} entities`)
    await previous?.close()
  }
  const watcher =
    options.files.length === 0
      ? undefined
      : watchConfigFiles(options.files, () => {
          queue = queue.then(apply, apply)
        })
  return {
    address,
    front,
    async close() {
      watcher?.close()
      await queue.catch(() => undefined)
      await front.close()
    },
  }
}
