import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages export their TypeScript sources under the "@sluice/source" condition,
// so tests run against src/ without a build step.
// Vitest also hands these to Node (--conditions) for external packages, where `module` would make require() pick
// ESM builds Node cannot load (OpenTelemetry's use extension-less imports); Node's own `import` condition suffices.
const conditions = ['@sluice/source', ...defaultServerConditions.filter((condition) => condition !== 'module')]

/**
 * Resolution and timeouts, without test projects: what vitest.config.ts builds on, and what
 * `sluice-conformance --vitest-config` is given in this repository (its suite entry lies outside the projects' files).
 */
export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Processed like the sources, so its `import 'graphql'` reaches the same graphql module they do (Vite resolves
    // graphql to its ESM build, Node to its CommonJS one: two instances, whose schemas the other refuses).
    server: { deps: { inline: ['graphql-ws'] } },
  },
})
