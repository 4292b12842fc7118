/**
 * `running`, or a fatal `PROTOCOL_SEQUENCE_TIMEOUT` error once `timeoutMs` (and a little more) has passed. mysql2's
 * own `timeout` starts when its EXECUTE command starts: the PREPARE before it on a new connection, a command queued
 * behind a session set-up query, or a COMMIT have none, and against a database that stops answering they would wait
 * forever. The caller destroys the connection on this error (`readFatal`).
 */
export function withDeadline<T>(running: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`the database did not answer within ${timeoutMs} ms`), {
            code: 'PROTOCOL_SEQUENCE_TIMEOUT',
            fatal: true,
          }),
        ),
      timeoutMs + DEADLINE_SLACK_MS,
    )
  })
  return Promise.race([running, deadline]).finally(() => clearTimeout(timer))
}

/** After mysql2's own timeout, so that one reports a slow EXECUTE first. */
const DEADLINE_SLACK_MS = 250

/**
 * Whether the connection must not go back to the pool: mysql2 marks protocol errors `fatal`, but a client-side
 * timeout (`PROTOCOL_SEQUENCE_TIMEOUT`) of a prepared statement is not, and its connection still waits for the answer
 * of the timed-out command — the next caller's command would queue behind it, with no timer of its own, forever.
 */
export function readFatal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { fatal, code } = error as { fatal?: unknown; code?: unknown }
  return fatal === true || code === 'PROTOCOL_SEQUENCE_TIMEOUT'
}
