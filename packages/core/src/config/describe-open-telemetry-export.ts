import { formatConfigPath, type ConfigPath } from './format-config-path.js'
import { readBoolean, readObject } from './read-config-value.js'
import type { UnresolvedReference } from './substitute-env.js'

const SECTION: ConfigPath = ['runtime', 'telemetry', 'open-telemetry']
const ENDPOINT = formatConfigPath([...SECTION, 'endpoint'])

export interface OpenTelemetryExport {
  /** The one warning that export is off and why, when the section is there and enabled but cannot export. */
  readonly off: string | undefined
  /** Whether nothing reads `path` (it lies in a section whose export is off), so an unset variable there is moot. */
  readonly unread: (path: ConfigPath) => boolean
}

const ON: OpenTelemetryExport = { off: undefined, unread: () => false }

/**
 * Whether `runtime.telemetry.open-telemetry` can export, decided on the config alone so that every verb that loads
 * it (`start`, `validate`, `export`) says the same. `sluice init` writes the section with
 * `@env('OTEL_EXPORTER_OTLP_ENDPOINT')`, `…_HEADERS` and `OTEL_SERVICE_NAME`: with the variables unset that is one
 * line naming the endpoint's variable, not a warning per variable. Export needs an absolute http(s) endpoint — the
 * telemetry plugin's own test — and stays off otherwise (Data API builder turns it off silently).
 */
export function describeOpenTelemetryExport(
  value: unknown,
  unresolved: readonly UnresolvedReference[],
): OpenTelemetryExport {
  const section = readObject(readObject(readObject(value, 'runtime'), 'telemetry'), 'open-telemetry')
  if (section === undefined) return ON
  const unread = (path: ConfigPath): boolean => SECTION.every((segment, i) => path[i] === segment)
  if (!readBoolean(section, 'enabled', true)) return { off: undefined, unread }
  const endpoint = section['endpoint']
  // A missing or non-string endpoint is a schema problem, reported as such.
  if (typeof endpoint !== 'string' || isHttpUrl(endpoint)) return ON
  const reference = unresolved.find((r) => formatConfigPath(r.path) === ENDPOINT)
  const reason =
    reference?.kind === 'env'
      ? `environment variable '${reference.name}' (${ENDPOINT}) is not set`
      : reference !== undefined
        ? `${reference.reference} (${ENDPOINT}) cannot be resolved`
        : `${ENDPOINT} ${JSON.stringify(endpoint)} is not an absolute http(s) URL`
  return { off: `OpenTelemetry export is off: ${reason}.`, unread }
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}
