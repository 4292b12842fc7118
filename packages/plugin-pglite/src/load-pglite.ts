import { invariant } from '@sluice/core/dialect'

type PgliteModule = typeof import('@electric-sql/pglite')

let loading: Promise<PgliteModule> | undefined
let loaded: PgliteModule | undefined

/**
 * PGlite's module, imported on first use: a server whose data sources are not PGlite never loads it, which keeps
 * about 9 MB (its half a megabyte of source, the code compiled from it) out of every other server's memory.
 */
export function loadPglite(): Promise<PgliteModule> {
  return (loading ??= import('@electric-sql/pglite').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  ))
}

/** PGlite's module once `loadPglite` has settled: the driver loads it before it runs a statement. */
export function loadedPglite(): PgliteModule {
  invariant(loaded !== undefined, 'PGlite is loaded (loadPglite) before its results are parsed')
  return loaded
}
