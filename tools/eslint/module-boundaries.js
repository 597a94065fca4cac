import path from 'node:path';

/**
 * Keeps the server's module boundaries (docs/architecture.md §2): a module is reached only through
 * its `index.ts`, and `platform` never imports a module. One exception: a module's table files
 * (`modules/x/db/`) may reference another module's tables through its `db/index.ts`, because
 * drizzle-kit loads table files on their own, without the modules behind them.
 */
const SERVER_SOURCE = path.join('apps', 'server', 'src');
/** The server's package-internal aliases (the `imports` field of apps/server/package.json). */
const ALIASES = {
  '#platform/': path.join(SERVER_SOURCE, 'platform'),
  '#modules/': path.join(SERVER_SOURCE, 'modules'),
  '#config/': path.join(SERVER_SOURCE, 'config'),
};

/** The file an import names: a relative path or an alias; undefined for packages. */
function resolveImport(importer, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(importer), source);
  const alias = Object.keys(ALIASES).find((prefix) => source.startsWith(prefix));
  return alias ? path.resolve(ALIASES[alias], source.slice(alias.length)) : undefined;
}

/** Where a file lies: `{ area: 'modules', module: 'core', rest: ['db', 'nodes.ts'] }`, or undefined outside the server. */
function locate(file) {
  const relative = path.relative(path.resolve(SERVER_SOURCE), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [area, ...rest] = relative.split(path.sep);
  if (area === 'modules' && rest.length > 0) return { area, module: rest[0], rest: rest.slice(1) };
  return { area, module: undefined, rest };
}

function violation(importer, target) {
  if (target?.area !== 'modules') return undefined;
  if (importer.area === 'platform') return 'platform must not import a module; pass what it needs in.';
  if (importer.module === target.module) return undefined;
  const face = target.rest.join('/');
  if (face === 'index.ts') return undefined;
  if (face === 'db/index.ts' && importer.rest[0] === 'db') return undefined;
  return `Import the ${target.module} module through its index.ts, not ${face}.`;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Modules import each other only through their index.ts; platform imports no module.',
    },
    schema: [],
  },
  create(context) {
    const importer = locate(context.filename);
    if (!importer) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const file = resolveImport(context.filename, source);
      if (!file) return;
      const target = locate(file);
      const message = violation(importer, target);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
