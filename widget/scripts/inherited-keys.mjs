// What in a built file walks the keys a page adds to Object.prototype: a `for...in` loop whose body
// does not check that the key is the object's own, and the bundler's namespace helper (`__exportAll`,
// whose loop made "Getter must be a function: bar" on a page with `Object.prototype.foo = 'bar'`, so
// no widget at all). size.mjs fails when the first render holds either, and prints what the lazy
// chunks hold (Preact's and the libraries' own loops, over props and option objects they make).
import { parseAst } from 'vite';

/** The namespace helper's mark, whatever its loop: it tags what it makes as a module. */
const NAMESPACE_HELPER = /Symbol\.toStringTag\s*,\s*\{\s*value\s*:\s*["'`]Module["'`]/;
/** A call that checks a key is an object's own: `Object.hasOwn(o, k)`, `o.hasOwnProperty(k)`, `hasOwnProperty.call(o, k)`. */
const OWN_CHECK = /^(hasOwn|hasOwnProperty)$/;

/** Every AST node under `node`, depth first (own keys only: the walk itself must not see a polluted prototype). */
function* nodes(node) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* nodes(item);
    return;
  }
  if (typeof node.type === 'string') yield node;
  for (const key of Object.keys(node)) if (key !== 'type' && node[key] && typeof node[key] === 'object') yield* nodes(node[key]);
}

const calleeName = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && callee.property.type === 'Identifier' ? callee.property.name : '';

/** Whether `body` calls an own-key check (`hasOwn`, `hasOwnProperty`, directly or through `.call`). */
function checksOwnKey(body) {
  for (const node of nodes(body)) {
    if (node.type !== 'CallExpression') continue;
    const { callee } = node;
    if (OWN_CHECK.test(calleeName(callee))) return true;
    if (callee.type === 'MemberExpression' && calleeName(callee) === 'call' && OWN_CHECK.test(calleeName(callee.object))) return true;
  }
  return false;
}

/**
 * What in `code` (a built file) walks inherited keys, in order: each unchecked `for...in` and the
 * namespace helper, with where it is and a few characters of it.
 * @param {string} code
 * @returns {Array<{ kind: 'for-in' | 'namespace-helper'; at: number; excerpt: string }>}
 */
export function inheritedKeyWalks(code) {
  const excerpt = (start, end) => code.slice(start, Math.min(end, start + 80));
  const found = [];
  for (const node of nodes(parseAst(code))) {
    if (node.type === 'ForInStatement' && !checksOwnKey(node.body)) found.push({ kind: 'for-in', at: node.start, excerpt: excerpt(node.start, node.end) });
  }
  const helper = NAMESPACE_HELPER.exec(code);
  if (helper) found.push({ kind: 'namespace-helper', at: helper.index, excerpt: excerpt(helper.index, helper.index + 80) });
  return found.sort((a, b) => a.at - b.at);
}

/** One line per finding, for size.mjs's failure. */
export const describeWalk = (file, { kind, at, excerpt }) =>
  `${file} at ${at}: ${kind === 'for-in' ? 'a for...in without an own-key check' : "the bundler's namespace helper"} (${excerpt})`;
