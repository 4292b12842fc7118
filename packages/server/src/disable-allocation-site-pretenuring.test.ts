import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { NO_PRETENURING_FLAG } from './disable-allocation-site-pretenuring.js'

const run = promisify(execFile)

describe('disableAllocationSitePretenuring', () => {
  // V8 reports a flag it does not know on stderr and goes on: a Node release that drops the flag must fail here.
  it('names a flag this Node accepts at run time', async () => {
    const script = `require('node:v8').setFlagsFromString(${JSON.stringify(NO_PRETENURING_FLAG)}); console.log('set')`
    const { stdout, stderr } = await run(process.execPath, ['-e', script])
    expect(stderr).toBe('')
    expect(stdout.trim()).toBe('set')
  })

  it('is also accepted on the command line', async () => {
    const { stderr } = await run(process.execPath, [NO_PRETENURING_FLAG, '-e', '0'])
    expect(stderr).toBe('')
  })
})
