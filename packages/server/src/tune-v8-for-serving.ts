import { setFlagsFromString } from 'node:v8'

/**
 * V8 flags a serving process runs with, and why (figures in docs/benchmarks.md):
 *
 * - No allocation-site pretenuring. V8 allocates a site's objects straight in the old generation once most of them
 *   have outlived a scavenge. Booting teaches that to sites the request path shares (introspection rows and the model
 *   outlive many scavenges); from then on a request's objects from such a site sit in the old generation and keep what
 *   they point to — the statement's JSON text, the answer — alive past every scavenge until the next full collection
 *   (on a REST list of 100, 15 % of the young generation survived each scavenge, against 0.4 % without).
 * - The old generation grows by a quarter of the live size between full collections, not by V8's default factor
 *   (up to 4×): a server's live set is small and steady, and what each answer leaves behind is garbage; collecting it
 *   sooner keeps RSS under load near 150 MB for a few milliseconds of marking every few hundred milliseconds.
 */
export const SERVING_V8_FLAGS: readonly string[] = ['--no-allocation-site-pretenuring', '--heap-growing-percent=25']

/**
 * Sets `SERVING_V8_FLAGS` for this process, except a flag the operator already gave Node (on its command line or in
 * NODE_OPTIONS): theirs wins. Process-wide, so the CLI calls it, not `createServer`; a server that embeds Sluice may
 * call it too. Call it before booting: a site pretenured while booting stays so.
 */
export function tuneV8ForServing(): readonly string[] {
  const applied = servingFlagsToSet(operatorFlags())
  for (const flag of applied) setFlagsFromString(flag)
  return applied
}

/** The serving flags the operator's own Node flags (`given`) do not already decide. */
export function servingFlagsToSet(given: readonly string[]): readonly string[] {
  return SERVING_V8_FLAGS.filter((flag) => !given.some((g) => sameFlag(g, flag)))
}

function operatorFlags(): string[] {
  return [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)].filter((arg) =>
    arg.startsWith('--'),
  )
}

/** The flag's name without `--`, a `no-` prefix or a value, with `_` read as `-` (V8 accepts both). */
function flagName(flag: string): string {
  return flag.replace(/^--/, '').replace(/^no-/, '').split('=')[0]!.replaceAll('_', '-')
}

function sameFlag(a: string, b: string): boolean {
  return flagName(a) === flagName(b)
}
