import type { ConnectionSettings } from '@sluice/core/dialect'
import type { Connection as TediousConnection } from 'tedious'

/** Pool sizing and timeouts for the tarn pool the driver keeps (defaults: 0 to 10 connections). */
export interface MssqlPoolOptions {
  readonly min?: number | undefined
  readonly max?: number | undefined
  /** How long `acquire` waits for a free connection before failing (503), in milliseconds; default 30 000. */
  readonly acquireTimeoutMillis?: number | undefined
  /** Idle connections above `min` close after this long, in milliseconds; default 30 000. */
  readonly idleTimeoutMillis?: number | undefined
}

/**
 * Where connections come from: connection settings (the config's connection string, parsed), from which the driver
 * opens tedious connections itself, or a factory returning connected tedious connections (the caller configures
 * them; the driver pools and closes them).
 */
export type MssqlDriverConfig = {
  readonly pool?: MssqlPoolOptions | undefined
  /**
   * `data-source.options.set-session-context`: before each statement, set every claim of the caller on the session
   * with `sp_set_session_context`, in the same batch (dab.md §7.4).
   */
  readonly setSessionContext?: boolean | undefined
} & (
  | {
      readonly connection: ConnectionSettings
      /** `Application Name` when the connection string sets none. */
      readonly applicationName?: string | undefined
      /** The request timeout when the connection string sets no `Command Timeout` (`runtime.limits`). */
      readonly statementTimeoutMs?: number | undefined
    }
  | { readonly connectionFactory: () => Promise<TediousConnection> }
)
