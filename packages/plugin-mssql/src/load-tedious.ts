import { createRequire } from 'node:module'

type Tedious = typeof import('tedious')

const require = createRequire(import.meta.url)
let loaded: Tedious | undefined

/**
 * tedious, loaded on first use (it is CommonJS, so synchronously): a server whose data source is not SQL Server never
 * loads it, which keeps about 35 MB out of every other server's memory.
 */
export function tedious(): Tedious {
  return (loaded ??= require('tedious') as Tedious)
}
