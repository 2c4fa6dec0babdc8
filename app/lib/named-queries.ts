import {defineQueries, type DefaultSchema, type QueryDefinitions, type QueryRegistry} from '@rocicorp/zero';

/**
 * A feature's reads, each named `<namespace>.<key>`: the name the browser sends and the server looks up in its
 * registry (app/queries.ts). Screens import their feature's queries, not the registry, so a screen's code carries
 * only the reads it can make (issue 35: the first staff screen had every feature's queries and their schemas).
 */
export function namedQueries<const D extends QueryDefinitions>(
  namespace: string,
  definitions: D,
): QueryRegistry<D, DefaultSchema> {
  const registry = defineQueries({[namespace]: definitions} as QueryDefinitions);
  return (registry as unknown as Record<string, QueryRegistry<D, DefaultSchema>>)[namespace]!;
}
