import type { ServerProcess } from './start-server-process.js'

/**
 * Polls `url` until it answers 2xx (any HTTP answer with `anyStatus`: PostGraphile refuses GET with 405); fails if the
 * process exits first or after `timeoutMs`.
 */
export async function waitUntilReady(
  server: ServerProcess,
  url: string,
  timeoutMs = 60_000,
  anyStatus = false,
): Promise<number> {
  const started = Date.now()
  let exit: string | undefined
  void server.exited.then((code) => {
    exit = code
  })
  for (;;) {
    if (exit !== undefined) throw new Error(`the server exited (${exit}) before it was ready:\n${server.output()}`)
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok || anyStatus) return Date.now() - started
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`${url} was not ready after ${timeoutMs} ms:\n${server.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
