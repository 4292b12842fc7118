/** The GraphQL protocol plugin: add it to a server's plugins to publish entities at `runtime.graphql.path`. */
export { graphqlPlugin, type GraphQLPluginOptions } from './graphql-plugin.js'
/** The generated schema, for tools that print or inspect it without starting a server. */
export { buildGraphQLSchema } from './schema/build-schema.js'
/** The GraphQL names Sluice generates for an entity (Data API builder's naming), e.g. the list query field. */
export { entityNames, type EntityNames } from './schema/entity-names.js'
