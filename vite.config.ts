/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { transform } from 'lightningcss';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/** The stylesheets under `dir`, by source path (`src/web/...`). */
function stylesheetsIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return stylesheetsIn(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/**
 * The stylesheets the server inlines in the documents (the product page's own and its parts', listed in
 * src/web/pages/product/page-parts.ts), emitted as assets of their own (named in the manifest by their
 * source path) instead of being imported by the entry: the server inlines a part's styles only in a
 * page that shows the part, and no chunk loaded later adds the entry's stylesheet again as a <link>
 * after the inline styles (decision 0029). They are the stylesheets of src/web that no script imports,
 * so a new part's styles need no line here.
 */
function inlineStyles(): Plugin {
  // The browsers Vite's own CSS pipeline targets for build.target 'es2022' (its convertTargets), so
  // these come out as the entry's stylesheet did (media ranges stay max-width, for Safari before 16.4).
  const v = (major: number, minor = 0) => (major << 16) | (minor << 8);
  const targets = {
    chrome: v(94),
    edge: v(94),
    safari: v(16, 4),
    ios_saf: v(16, 4),
    firefox: v(93),
    opera: v(80),
  };
  return {
    name: 'inline-styles',
    apply: 'build',
    generateBundle() {
      const imported = new Set([...this.getModuleIds()].map((id) => relative(process.cwd(), id)));
      for (const file of stylesheetsIn('src/web').filter((path) => !imported.has(path))) {
        const { code } = transform({ filename: file, code: readFileSync(file), minify: true, targets });
        this.emitFile({ type: 'asset', name: file.split('/').pop(), originalFileName: file, source: code });
      }
    },
  };
}

/** The modules the add-on widgets, their interstitial and the service page share. */
const ADD_ON_SHARED =
  /\/src\/(web\/(features\/add-on-services\/(top-choice-badge|seller-rating)\.tsx|api\/add-on-cart-api\.ts)|domain\/add-on-services\/[\w-]+\.ts|shared\/add-on-services-constants\.ts)$/;

/**
 * Modules several chunks share that the page-shared chunk, loaded with every product page, should not
 * carry: the order summary (checkout and confirmation), popover placement (a popover opens on a press)
 * and grocery constants (grocery pages), besides the add-on widgets' own.
 */
const ON_DEMAND_SHARED = {
  test: (id: string) =>
    ADD_ON_SHARED.test(id) ||
    /\/src\/(web\/(features\/order-summary\/order-summary\.tsx|ui\/place-popover\.ts)|shared\/grocery-constants\.ts)$/.test(
      id,
    ),
};

// One config, two builds: `vite build` makes the browser bundle (dist/client, with a manifest the
// server reads), `vite build --ssr` bundles the server and the catalog command (dist/server).
export default defineConfig(
  ({ isSsrBuild }): UserConfig => ({
    plugins: [react(), ...(isSsrBuild ? [] : [inlineStyles()])],
    publicDir: false,
    build: isSsrBuild
      ? {
          outDir: 'dist/server',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: true,
          rollupOptions: {
            input: { server: 'src/server/server.ts', catalog: 'src/server/catalog/catalog-cli.ts' },
            output: { format: 'es', entryFileNames: '[name].js' },
          },
        }
      : {
          outDir: 'dist/client',
          emptyOutDir: true,
          manifest: true,
          target: 'es2022',
          rollupOptions: {
            // boot.ts is each page's first script: it starts the entry once the main image has painted.
            input: { 'entry-client': 'src/web/entry-client.tsx', boot: 'src/web/boot.ts' },
            // Everything the entry imports statically (React included) in the entry itself: React would
            // otherwise be a chunk of its own, one more file and gzip stream before hydration.
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'entry-client',
                    tags: ['$initial'],
                    test: (id) => !id.endsWith('/src/web/boot.ts'),
                  },
                  // What the add-on widgets share: one chunk, on the pages that show a widget.
                  {
                    name: 'add-on-shared',
                    test: ADD_ON_SHARED,
                    minShareCount: 2,
                    maxModuleSize: 3000,
                    // Its modules only: what they import from the rest (the request helper, the cart
                    // call) stays in page-shared, which every page loads anyway.
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: 'page-shared',
                    test: (id) => /\/src\/.*\.tsx?$/.test(id) && !ON_DEMAND_SHARED.test(id),
                    minShareCount: 2,
                    maxModuleSize: 3000,
                  },
                ],
              },
            },
          },
        },
    test: {
      // The PostgreSQL restart test takes the database server away from every other test file, so it
      // runs alone: `npm run test:restart` (STORE_RESTART_TEST=1) runs it and nothing else.
      include: process.env.STORE_RESTART_TEST
        ? ['tests/restart/**/*.test.ts']
        : ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
      exclude: [
        'tests/e2e/**',
        'node_modules/**',
        ...(process.env.STORE_RESTART_TEST ? [] : ['tests/restart/**']),
      ],
      environment: 'node',
      testTimeout: 20_000,
      hookTimeout: 60_000,
      // Vitest's default is one file at a time below the machine's core count (1 on CI's 2 cores); most
      // files wait on a database or a child process, so two at a time finish the suite sooner.
      maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
      setupFiles: ['tests/setup/fail-on-console-error.ts'],
      globalSetup: ['tests/setup/postgres-notice.ts'],
    },
  }),
);
