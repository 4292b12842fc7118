import { isJsonObject } from './read-config-value.js'

/**
 * Config keys Sluice accepts (so Data API builder configs load unchanged) but does not implement: each needs an Azure
 * service (or, for embeddings, a hosted model) this server does not call. `*` stands for any key (an entity name). Keys under `runtime.host` are also found under
 * the top-level `host` SPEC spells.
 */
export const UNIMPLEMENTED_CONFIG_KEYS: readonly string[] = [
  'runtime.telemetry.application-insights',
  'runtime.telemetry.azure-log-analytics',
  'runtime.embeddings',
  'azure-key-vault',
  'data-source.user-delegated-auth',
]

/** Why a key is not implemented, where the generic "not implemented yet" would mislead. */
const REASONS: Readonly<Record<string, string>> = {
  'runtime.telemetry.application-insights':
    'Application Insights is an Azure service Sluice does not send to; use runtime.telemetry.open-telemetry (Azure Monitor accepts OTLP through a collector)',
  'runtime.telemetry.azure-log-analytics':
    'Azure Log Analytics is an Azure service Sluice does not send to; use runtime.telemetry.open-telemetry or ship the JSON log lines',
  'runtime.embeddings':
    'embeddings come from an Azure OpenAI or OpenAI endpoint, which Sluice does not call; there is no /embed endpoint',
  'azure-key-vault':
    "@akv('…') secrets live in Azure Key Vault, which Sluice has no client for; pass secrets with @env('…')",
  'data-source.user-delegated-auth':
    "it needs Entra ID on-behalf-of tokens for Azure SQL; Sluice connects with the connection string's credentials",
}

/** One warning line per listed key present in the config (once per key, however many entities use it). */
export function findUnimplementedKeys(json: unknown, keys: readonly string[] = UNIMPLEMENTED_CONFIG_KEYS): string[] {
  const warnings: string[] = []
  for (const key of keys) {
    const spellings = key.startsWith('runtime.host.') ? [key, key.slice('runtime.'.length)] : [key]
    for (const spelling of spellings) {
      if (hasKeyPath(json, spelling.split('.'))) {
        const reason = REASONS[key]
        warnings.push(
          reason === undefined
            ? `Config key ${spelling} is accepted but not implemented yet; it has no effect.`
            : `Config key ${spelling} is accepted but not supported (${reason}); it has no effect.`,
        )
      }
    }
  }
  return warnings
}

function hasKeyPath(node: unknown, segments: readonly string[]): boolean {
  // An empty section (`"autoentities": {}`, which `dab init` writes) asks for nothing.
  if (segments.length === 0)
    return node !== undefined && node !== null && !(isJsonObject(node) && Object.keys(node).length === 0)
  if (!isJsonObject(node)) return false
  const [head, ...rest] = segments as [string, ...string[]]
  if (head === '*') return Object.values(node).some((child) => hasKeyPath(child, rest))
  return Object.hasOwn(node, head) && hasKeyPath(node[head], rest)
}
