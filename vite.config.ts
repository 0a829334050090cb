/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { transform } from 'lightningcss';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

// The product page's parts and their stylesheets (src/server/render/product-part-styles.ts reads it too).
const PRODUCT_PART_STYLES: Record<string, string[]> = JSON.parse(
  readFileSync('src/server/render/product-part-styles.json', 'utf8'),
);

/**
 * The stylesheets of the parts only some product pages show, emitted as assets of their own (named in
 * the manifest by their source path) instead of joining the entry's stylesheet, so the server inlines
 * each only in a page that shows the part (issue 11: the document's size before the first paint).
 */
function productPartStyles(): Plugin {
  return {
    name: 'product-part-styles',
    apply: 'build',
    generateBundle() {
      for (const file of Object.values(PRODUCT_PART_STYLES).flat()) {
        const { code } = transform({ filename: file, code: readFileSync(file), minify: true });
        this.emitFile({ type: 'asset', name: file.split('/').pop(), originalFileName: file, source: code });
      }
    },
  };
}

// One config, two builds: `vite build` makes the browser bundle (dist/client, with a manifest the
// server reads), `vite build --ssr` bundles the server and the catalog command (dist/server).
export default defineConfig(
  ({ isSsrBuild }): UserConfig => ({
    plugins: [react(), ...(isSsrBuild ? [] : [productPartStyles()])],
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
            // otherwise be a chunk of its own, one more file and gzip stream before hydration (issue 11).
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'entry-client',
                    tags: ['$initial'],
                    test: (id) => !id.endsWith('/src/web/boot.ts'),
                  },
                ],
              },
            },
          },
        },
    test: {
      include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
      exclude: ['tests/e2e/**', 'node_modules/**'],
      environment: 'node',
      testTimeout: 20_000,
      hookTimeout: 60_000,
      setupFiles: ['tests/setup/fail-on-console-error.ts'],
      globalSetup: ['tests/setup/postgres-notice.ts'],
    },
  }),
);
