/** The parts of a V8 `.cpuprofile` the summary reads. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
    readonly hitCount?: number
  }[]
  readonly startTime: number
  readonly endTime: number
  readonly samples?: readonly number[]
}

export interface ProfileLine {
  readonly name: string
  readonly percent: number
}

export interface ProfileSummary {
  /** Self time by where the code lives: a Sluice package, an npm package, Node's internals, GC, idle. */
  readonly byArea: readonly ProfileLine[]
  /** The functions with the most self time. */
  readonly topFunctions: readonly ProfileLine[]
}

/** Self-time shares of a CPU profile, grouped by area and by function; idle time is left out of the shares. */
export function summarizeCpuProfile(profile: CpuProfile, top = 20): ProfileSummary {
  const hits = new Map<number, number>()
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1)
  const areas = new Map<string, number>()
  const functions = new Map<string, number>()
  let total = 0
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? node.hitCount ?? 0
    if (count === 0) continue
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)') continue
    total += count
    const area = areaOf(functionName, url)
    areas.set(area, (areas.get(area) ?? 0) + count)
    const name = `${functionName || '(anonymous)'} ${shortUrl(url)}${url === '' ? '' : `:${lineNumber + 1}`}`
    functions.set(name, (functions.get(name) ?? 0) + count)
  }
  const lines = (map: Map<string, number>, limit: number): ProfileLine[] =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, count]) => ({ name, percent: total === 0 ? 0 : (100 * count) / total }))
  return { byArea: lines(areas, 25), topFunctions: lines(functions, top) }
}

function areaOf(functionName: string, url: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)'
  const sluice = /\/packages\/([^/]+)\/src\//.exec(url)
  if (sluice !== null) return `sluice ${sluice[1]}`
  const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\//.exec(url)
  if (pkg !== null) return `npm ${pkg[1]}`
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0]}`
  return 'other'
}

function shortUrl(url: string): string {
  const i = url.lastIndexOf('/packages/')
  if (i >= 0) return url.slice(i + 1)
  const j = url.lastIndexOf('node_modules/')
  return j >= 0 ? url.slice(j + 'node_modules/'.length) : url
}
