import type { ConformanceEngine } from '../conformance-engine.js'

/**
 * The engine an engine module exports: its default export (or a named `engine` export), either a
 * `ConformanceEngine` or a function returning one (possibly async). Anything else is an error saying what was found.
 */
export async function resolveEngineExport(
  module: Readonly<Record<string, unknown>>,
  where: string,
): Promise<ConformanceEngine> {
  const exported = module['default'] ?? module['engine']
  const engine = typeof exported === 'function' ? await (exported as () => unknown)() : exported
  if (isConformanceEngine(engine)) return engine
  const found =
    exported === undefined
      ? `exports ${Object.keys(module).join(', ') || 'nothing'}`
      : `its default export is ${describe(engine)}`
  throw new Error(
    `${where} must default-export a ConformanceEngine ({ name, createPlugin, open }) or a function returning one; ${found}`,
  )
}

function isConformanceEngine(value: unknown): value is ConformanceEngine {
  if (value === null || typeof value !== 'object') return false
  const candidate = value as Record<string, unknown>
  return (
    typeof candidate['name'] === 'string' &&
    typeof candidate['createPlugin'] === 'function' &&
    typeof candidate['open'] === 'function'
  )
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value)
  return `an object with ${Object.keys(value).join(', ') || 'no keys'}`
}
