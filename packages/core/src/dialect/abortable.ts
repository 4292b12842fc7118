/** Options every asynchronous SPI call accepts, so a cancelled request can stop its database work. */
export interface Abortable {
  readonly signal?: AbortSignal | undefined
}
