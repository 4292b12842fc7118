// An engine module whose open() fails with a plain error (not "unavailable"): the suite must fail, for the CLI's exit code test.
import { pglitePlugin } from '@sluice/plugin-pglite'
import type { ConformanceEngine } from '../../src/index.js'

export default (): ConformanceEngine => ({
  name: 'broken',
  createPlugin: () => pglitePlugin(),
  open: async () => {
    throw new Error('the broken engine cannot open a session')
  },
})
