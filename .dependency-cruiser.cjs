/**
 * Kesher's floor plan: which module may import which (docs/architecture.md). tests/unit/import-floors.test.ts
 * holds the source tree to it; `npm run check:imports` prints the same findings.
 *
 * A module imports its own floor and the floors below it, never one above, and there is no import circle
 * anywhere, type-only imports included. The browser's floors, lowest first:
 *
 *   ground    app/lib, app/i18n.ts, the generated messages, permissions' vocabulary (roles, labels,
 *             errors, the auth context), and the Sql type (server/db/sql.ts)
 *   schema    zero-schema.ts and app/tables: what Zero replicates, with the enumerations and JSON shapes
 *             its columns hold
 *   rules     permissions/: the read rules and checks
 *   ui        app/ui: shared screen pieces that know no feature
 *   model     a feature's modules that are neither components nor hooks: valibot schemas, queries,
 *             mutators, labels, paths; and app/lookups.ts, app/session.ts
 *   registry  app/queries.ts, app/mutator-registry.ts (with app/mutators.ts, the browser's lazy face of it)
 *             and app/shell/sections.ts, which name every feature's queries, mutators and routes (app/queries.ts
 *             is the server's alone: a screen imports its feature's queries)
 *   screens   a feature's components (*.tsx) and hooks (use-*.ts), and app/zero.ts, app/live-session.ts
 *   shell     app/shell, app/router.tsx, app/public-pages.ts, app/main.tsx: the frame and the routes
 *
 * The server stands on the browser's model and registry (it runs the same queries and mutators), never
 * on its screens, and has floors of its own: server/http, server/config.ts and server/i18n; then the
 * features' routes and services; then server/api.ts, which mounts them; then what starts processes
 * (server/api-server.ts, server/start.ts, server/stack, server/bench, server/backup).
 *
 * Sideways is fine: a feature's model uses another's model, the card embeds the activities' timeline. A
 * feature never imports another feature's page (`*Page.tsx`): pages belong to the router (and app/shell/pages.tsx,
 * its table of the shell's pages).
 */
const floor = {
  ground:
    '^(app/lib/|app/paraglide/|app/i18n[.]ts$|permissions/(roles|labels|errors|error-codes|context|can)[.]ts$|server/db/sql[.]ts$)',
  schema: '^(zero-schema[.]ts$|app/tables/)',
  rules: '^permissions/',
  ui: '^app/ui/',
  // Neither components nor hooks, in a feature folder (negative lookaheads: regular expressions have no "and not").
  model: ['^app/(?!(lib|ui|tables|shell|paraglide)/)[^/]+/(?!.*[.]tsx$)(?!.*\\buse-[^/]+[.]ts$)', '^app/(lookups|session)[.]ts$'],
  registry: '^app/((queries|mutators|mutator-registry)[.]ts|shell/sections[.]ts)$',
  screens: [
    '^app/(?!(shell|ui|lib)/|(router|main)[.]tsx$).+[.]tsx$',
    '^app/(?!(shell|ui|lib)/).+/use-[^/]+[.]ts$',
    '^app/(zero|live-session)[.]ts$',
  ],
  shell: '^app/(shell/(?!sections[.]ts$)|router[.]tsx$|public-pages[.]ts$|main[.]tsx$)',
  serverBase: '^server/(config[.]ts$|http/|i18n/)',
  // Every other server module: the features' routes and services.
  server: '^server/(?!(config|api|api-server|start)[.]ts$|(http|i18n|stack|bench|backup)/)',
  serverHub: '^server/api[.]ts$',
};

/** A floor and everything below it, lowest first, as lists of path patterns. */
const upTo = (...floors) => floors.flatMap(name => floor[name]);
const browser = ['ground', 'schema', 'rules', 'ui', 'model', 'registry', 'screens', 'shell'];
const shared = ['ground', 'schema', 'rules', 'model', 'registry'];

/** Modules of `from` (but not `fromNot`) may import only node's own modules, packages, style sheets and `allowed`. */
function stayBelow(name, from, fromNot, allowed, comment) {
  return {
    name: `up-from-${name}`,
    comment,
    severity: 'error',
    from: {path: from, ...(fromNot ? {pathNot: fromNot} : {})},
    to: {pathNot: ['^node_modules/', '[.]css$', ...allowed], dependencyTypesNot: ['core']},
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle: modules that stand on each other (type-only imports count).',
      severity: 'error',
      from: {},
      to: {circular: true},
    },
    stayBelow('ground', floor.ground, null, upTo('ground'), 'The ground floor imports nothing of the app.'),
    stayBelow('schema', floor.schema, null, upTo('ground', 'schema'), 'The schema stands on the ground only, never on features.'),
    stayBelow('rules', floor.rules, floor.ground, upTo('ground', 'schema', 'rules'), 'Read rules stand on the schema.'),
    stayBelow('ui', floor.ui, null, upTo('ground', 'schema', 'rules', 'ui'), 'Shared pieces know no feature: pass values in.'),
    stayBelow('model', floor.model, null, upTo('ground', 'schema', 'rules', 'ui', 'model'), 'No screen, registry or shell.'),
    stayBelow('registry', floor.registry, null, upTo(...shared), 'The registries name the features’ queries, mutators, routes.'),
    stayBelow('screens', floor.screens, null, upTo(...browser.slice(0, -1)), 'Screens never import the shell.'),
    stayBelow('shell', floor.shell, null, upTo(...browser), 'The browser never imports the server.'),
    stayBelow('server-base', floor.serverBase, null, upTo('ground', 'schema', 'serverBase'), 'What every route stands on.'),
    stayBelow(
      'server',
      floor.server,
      null,
      upTo(...shared, 'serverBase', 'server'),
      'Routes and services never import server/api.ts (which mounts them), a screen, or what starts processes.',
    ),
    stayBelow(
      'server-hub',
      floor.serverHub,
      null,
      upTo(...shared, 'serverBase', 'server', 'serverHub'),
      'server/api.ts is mounted by what starts the API.',
    ),
    {
      name: 'no-query-registry-in-browser',
      comment:
        'app/queries.ts is the server’s lookup of every read by name: a screen imports its feature’s queries, or it would carry every feature’s reads (issue 35).',
      severity: 'error',
      from: {path: '^app/'},
      to: {path: '^app/queries[.]ts$'},
    },
    {
      name: 'no-other-feature-page',
      comment:
        'A page belongs to the router (and its table of the shell’s pages): another feature embeds a component, never a page.',
      severity: 'error',
      from: {path: '^app/([^/]+)/', pathNot: '^app/shell/pages[.]tsx$'},
      to: {path: '^app/[^/]+/.*Page[.]tsx$', pathNot: ['^app/$1/']},
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    doNotFollow: {path: 'node_modules'},
    exclude: {path: '^(node_modules|app/paraglide)/'},
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
