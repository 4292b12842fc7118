import { didYouMean } from '../../util/did-you-mean.js'
import { FilterGrammar } from './filter-grammar.js'

/** The message for a call to a function the filter language does not have, with a lower-case or spelling hint. */
export function describeUnknownFilterFunction(name: string): string {
  const supported = [...FilterGrammar.stringFunctions.keys(), ...FilterGrammar.caseFunctions.keys()]
  const lower = name.toLowerCase()
  if (supported.includes(lower)) return `unknown function '${name}'; function names are lower-case: write '${lower}'`
  if (FilterGrammar.reservedWords.has(lower))
    return `'${name}' is not a function; keywords are lower-case: write '${lower}'`
  const list = `${supported.slice(0, -1).join(', ')} and ${supported.at(-1)}`
  return `unknown function '${name}'; the supported functions are ${list}.${didYouMean(name, supported)}`
}
