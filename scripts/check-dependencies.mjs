// Checks the import rules in .dependency-cruiser.mjs over every module in src/ (`npm run lint`), or
// over the modules named as arguments and what they import (tests/import-rules.test.ts).
//
// dependency-cruiser has no parser for TypeScript 7 (it has no compiler API), so Babel strips the
// types and dependency-cruiser parses the JavaScript left. Stripping types would hide `import type`
// and `export type … from`; the plugin below turns each into a call `typeOnlyImport('…')` first,
// which the checker records as an exotic require: the rules see type-only dependencies too and can
// tell them apart. dependency-cruiser only walks folders for extensions it can parse itself, so the
// files are listed here.
import { readdirSync } from 'node:fs';
import { cruise } from 'dependency-cruiser';
import rules from '../.dependency-cruiser.mjs';

/** @param {{ types: typeof import('@babel/types') }} babel */
function markTypeOnlyImports({ types: t }) {
  const isTypeOnly = (node) =>
    (node.type === 'ImportDeclaration' &&
      (node.importKind === 'type' ||
        (node.specifiers.length > 0 &&
          node.specifiers.every((specifier) => specifier.importKind === 'type')))) ||
    (node.type === 'ExportNamedDeclaration' && node.source !== null && node.exportKind === 'type');
  return {
    name: 'mark-type-only-imports',
    visitor: {
      // On entering the program, before the TypeScript preset drops the type-only imports there.
      Program(path) {
        for (const statement of path.get('body')) {
          if (!isTypeOnly(statement.node)) continue;
          const source = t.stringLiteral(statement.node.source.value);
          statement.replaceWith(
            t.expressionStatement(t.callExpression(t.identifier('typeOnlyImport'), [source])),
          );
        }
      },
    },
  };
}

const babelConfig = {
  babelrc: false,
  configFile: false,
  plugins: [markTypeOnlyImports],
  presets: [['@babel/preset-typescript', { onlyRemoveTypeImports: true }]],
};

const modules =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync('src', { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.d.ts'))
        .map((file) => `src/${file}`);

const result = await cruise(
  modules,
  { ...rules.options, validate: true, ruleSet: { forbidden: rules.forbidden }, outputType: 'err-long' },
  undefined,
  { babelConfig },
);
if (result.exitCode !== 0) {
  process.stderr.write(result.output);
  process.stderr.write(
    '\nAn import breaks the layering rules above (.dependency-cruiser.mjs says why each rule exists).\n',
  );
  process.exit(1);
}
process.stdout.write(result.output);
