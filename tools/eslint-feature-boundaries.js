import path from 'node:path';

/**
 * Imports flow one way in the web app: shared code (components, lib, api,
 * i18n) -> features -> app. A feature never imports another feature; what
 * two features share moves down into shared code.
 */
const SHARED = ['components', 'lib', 'api', 'i18n'];

function layerOf(file, srcRoot) {
  const rel = path.relative(srcRoot, file);
  if (rel.startsWith('..')) return null;
  const [top, second] = rel.split(path.sep);
  if (top === 'features') return { layer: 'feature', feature: second };
  if (top === 'app') return { layer: 'app' };
  if (SHARED.includes(top)) return { layer: 'shared' };
  return null;
}

export const featureBoundaries = {
  meta: { type: 'problem', messages: { crossFeature: '{{reason}}' }, schema: [] },
  create(context) {
    const file = context.filename;
    const srcRoot = path.join(context.cwd, 'web', 'src');
    const from = layerOf(file, srcRoot);
    if (!from) return {};
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(file), source), srcRoot);
      if (!to) return;
      let reason = null;
      if (from.layer === 'feature' && to.layer === 'feature' && to.feature !== from.feature)
        reason = `feature "${from.feature}" must not import feature "${to.feature}": move what both need into shared code`;
      else if (from.layer === 'feature' && to.layer === 'app')
        reason = 'features must not import the app layer';
      else if (from.layer === 'shared' && (to.layer === 'feature' || to.layer === 'app'))
        reason =
          'shared code (components, lib, api, i18n) must not import features or the app layer';
      if (reason) context.report({ node, messageId: 'crossFeature', data: { reason } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
    };
  },
};
