import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { SERVING_V8_FLAGS, servingFlagsToSet } from './tune-v8-for-serving.js'

const run = promisify(execFile)

describe('tuneV8ForServing', () => {
  // V8 reports a flag it does not know on stderr and goes on: a Node release that drops one must fail here.
  it.each(SERVING_V8_FLAGS)('sets %s, a flag this Node accepts at run time and on its command line', async (flag) => {
    const script = `require('node:v8').setFlagsFromString(${JSON.stringify(flag)}); console.log('set')`
    const atRunTime = await run(process.execPath, ['-e', script])
    expect(atRunTime.stderr).toBe('')
    expect(atRunTime.stdout.trim()).toBe('set')
    expect((await run(process.execPath, [flag, '-e', '0'])).stderr).toBe('')
  })

  it('leaves a flag the operator gave Node alone, however it is spelled', () => {
    expect(servingFlagsToSet(['--allocation-site-pretenuring', '--heap_growing_percent=50'])).toEqual([])
    expect(servingFlagsToSet(['--max-old-space-size=512'])).toEqual(SERVING_V8_FLAGS)
  })
})
