import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

// Workspace packages export their TypeScript sources under the "@sluice/source" condition,
// so tests run against src/ without a build step.
// Vitest also hands these to Node (--conditions) for external packages, where `module` would make require() pick
// ESM builds Node cannot load (OpenTelemetry's use extension-less imports); Node's own `import` condition suffices.
const conditions = ['@sluice/source', ...defaultServerConditions.filter((condition) => condition !== 'module')]

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'conformance/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
