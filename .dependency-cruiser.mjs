// The import rules of decision 0013, checked by `npm run lint` (scripts/check-dependencies.mjs).
// Paths are relative to the repository root. A test file (`*.test.ts(x)`) is exempt as an importer:
// a test may reach across layers to build what it checks; production code never imports a test.
// Type-only imports count like any other, except where a rule says so (`typeOnlyImport`, see
// scripts/check-dependencies.mjs).

const notATest = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'shared-imports-no-layer',
      comment: 'src/shared is read by every layer, so it imports none of them: not domain, server or web.',
      severity: 'error',
      from: { path: '^src/shared/', pathNot: notATest },
      to: { path: '^src/(domain|server|web)/' },
    },
    {
      name: 'domain-imports-only-shared',
      comment: 'Rules in src/domain are pure functions over shared types: they import only src/shared.',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: notATest },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-never-imports-server',
      comment: 'The page bundle must not pull server code: web talks to the server through src/web/api.',
      severity: 'error',
      from: { path: '^src/web/', pathNot: notATest },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-imports-web-only-to-render',
      comment:
        'Only src/server/render renders web components; the rest of the server does not know the page.',
      severity: 'error',
      from: { path: '^src/server/', pathNot: [notATest, '^src/server/render/'] },
      to: { path: '^src/web/' },
    },
    {
      name: 'repositories-never-import-services-or-routes',
      comment: 'Routes call services, services call repositories: src/server/db never imports upward.',
      severity: 'error',
      from: { path: '^src/server/db/', pathNot: notATest },
      to: { path: '^src/server/(services|routes)/' },
    },
    {
      name: 'only-the-app-imports-routes',
      comment:
        'Routes call services, never the other way: the area modules (src/server/areas) list the routes and ' +
        'app.ts registers them; nothing else imports them, not services, not render.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: [notATest, '^src/server/routes/', '^src/server/areas/', '^src/server/app[.]ts$'],
      },
      to: { path: '^src/server/routes/' },
    },
    {
      name: 'routes-call-services-not-repositories',
      comment:
        'A route is a schema and one service call; the service opens the transaction and calls the ' +
        'repositories.',
      severity: 'error',
      from: { path: '^src/server/routes/', pathNot: notATest },
      to: { path: '^src/server/db/', dependencyTypesNot: ['exotic-require'] },
    },
    {
      name: 'features-never-import-features',
      comment:
        'A feature in src/web/features is used by pages, never by another feature; what two features share ' +
        'goes to src/web/ui, src/web/api, src/domain or src/shared.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/', pathNot: notATest },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'migrations-import-nothing-from-the-app',
      comment:
        'A migration is frozen in time: it takes Kysely<any> and imports nothing from the app, whose ' +
        'schema and rules move on after it ran.',
      severity: 'error',
      from: { path: '^src/server/db/migrations/', pathNot: notATest },
      to: { path: '^src/', pathNot: '^src/server/db/migrations/' },
    },
    {
      name: 'only-db-runs-queries',
      comment:
        'Only src/server/db (repositories and the database module) touches tables, so only it imports the ' +
        "runtime of kysely or a database driver. Elsewhere `import type { Kysely, Transaction } from 'kysely'` " +
        'is allowed: a service passes the database or a transaction through to repositories.',
      severity: 'error',
      from: { path: '^src/', pathNot: [notATest, '^src/server/db/'] },
      to: {
        path: '^node_modules/(kysely|pg|better-sqlite3)/',
        // typeOnlyImport('…') calls are the only exotic requires: see scripts/check-dependencies.mjs.
        dependencyTypesNot: ['exotic-require'],
      },
    },
    {
      name: 'shared-and-domain-do-no-io',
      comment:
        'src/shared runs on both sides and src/domain holds pure rules: neither imports node:*, React, a ' +
        'database or any package but zod.',
      severity: 'error',
      from: { path: '^src/(shared|domain)/', pathNot: notATest },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'],
        pathNot: '^node_modules/zod/',
      },
    },
    {
      name: 'no-production-imports-of-tests',
      comment:
        'Test files and tests/ (factories, fixtures) are for tests; production code never imports them.',
      severity: 'error',
      from: { path: '^src/', pathNot: notATest },
      to: { path: [notATest, '^tests/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exoticRequireStrings: ['typeOnlyImport'],
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
