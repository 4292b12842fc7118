import { readBenchSettings } from './bench-settings.js'
import { loadDataset } from './load-dataset.js'

// `pnpm --filter @sluice/bench dataset`: loads the benchmark data set only (run-bench does this too).
const settings = readBenchSettings()
const status = await loadDataset(settings.databaseUrl)
process.stdout.write(
  `${status.created ? 'loaded' : 'already loaded'}: ${status.authors} authors, ${status.books} books (${settings.databaseUrl})\n`,
)
