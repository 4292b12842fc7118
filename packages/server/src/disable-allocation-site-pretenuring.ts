import { setFlagsFromString } from 'node:v8'

/** The V8 flag `disableAllocationSitePretenuring` sets. */
export const NO_PRETENURING_FLAG = '--no-allocation-site-pretenuring'

/**
 * Lets each request's garbage die young. V8 "pretenures" an allocation site — allocates its objects straight in the
 * old generation — once most of its objects have outlived a scavenge. Booting teaches that to sites the request path
 * shares (introspection rows and the model outlive many scavenges); from then on a request's objects from such a site
 * live in the old generation and keep what they point to — the statement's JSON text, the answer — alive past every
 * scavenge until the next full collection. Under load that promoted about 2 MB per scavenge on a REST list of 100
 * (15 % of the young generation survived, against 0.4 % without pretenuring), and cost throughput and RSS (see
 * docs/benchmarks.md). Process-wide, so the CLI calls it, not `createServer`; an embedding server may call it (or
 * start Node with the flag). Call it before booting: a site already pretenured stays so.
 */
export function disableAllocationSitePretenuring(): void {
  setFlagsFromString(NO_PRETENURING_FLAG)
}
