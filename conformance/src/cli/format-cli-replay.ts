import type { ReplayArguments } from '../check-property.js'

/** The `sluice-conformance` command that replays a failure exactly (engine module, seed, path, scenario). */
export function formatCliReplay(engineArgument: string): (failure: ReplayArguments) => string {
  return (failure) =>
    `sluice-conformance --engine ${quote(engineArgument)} --seed=${failure.seed}` +
    (failure.path === undefined ? '' : ` --path ${failure.path}`) +
    ` --only ${failure.scenario}`
}

function quote(text: string): string {
  return /^[\w./@:-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`
}
