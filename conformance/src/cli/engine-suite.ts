// The test file `sluice-conformance` hands to vitest: it imports the engine module named by
// SLUICE_CONFORMANCE_ENGINE (a file URL; imported here, inside vitest, so a .ts module is transformed too) and
// registers the suite for it. Not meant to be imported: run `sluice-conformance --engine <module>`.
import type { ConformanceEngine } from '../conformance-engine.js'
import { runConformanceSuite } from '../run-conformance-suite.js'
import { formatCliReplay } from './format-cli-replay.js'
import { resolveEngineExport } from './resolve-engine-export.js'

const url = process.env['SLUICE_CONFORMANCE_ENGINE']
if (url === undefined || url === '')
  throw new Error('SLUICE_CONFORMANCE_ENGINE is not set: run this suite through `sluice-conformance --engine <module>`')
const engine: ConformanceEngine = await resolveEngineExport((await import(url)) as Record<string, unknown>, url)
const runs = process.env['SLUICE_CONFORMANCE_RUNS']

runConformanceSuite(engine, {
  ...(runs === undefined ? {} : { numRuns: Number(runs) }),
  replay: formatCliReplay(process.env['SLUICE_CONFORMANCE_ENGINE_ARG'] ?? url),
})
