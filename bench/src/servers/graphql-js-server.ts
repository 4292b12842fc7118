import { startGraphQLCeiling } from './graphql-ceiling.js'

// Ceiling: graphql-js with cached parse and validate over pg rows (see graphql-ceiling.ts).
await startGraphQLCeiling('js')
