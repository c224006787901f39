import { describe, expect, it } from 'vitest';
import { describeWalk, inheritedKeyWalks } from './inherited-keys.mjs';
import { ownKeysOnly } from '../build/own-keys-runtime.ts';

const kinds = (code: string) => inheritedKeyWalks(code).map(({ kind, excerpt }) => [kind, excerpt]);
// The first render's check (size.mjs): what would walk the keys a page adds to Object.prototype.
describe('inheritedKeyWalks', () => {
  it("finds the bundler's namespace helper, by its loop and by its mark", () => {
    const helper =
      '(function(){var e=Object.defineProperty,t=(t,n)=>{let r={};for(var i in t)e(r,i,{get:t[i],enumerable:!0});return n||e(r,Symbol.toStringTag,{value:`Module`}),r};t({a:()=>1})})();';
    expect(kinds(helper)).toEqual([
      ['for-in', 'for(var i in t)e(r,i,{get:t[i],enumerable:!0});'],
      ['namespace-helper', expect.stringMatching(/^Symbol\.toStringTag,\{value:`Module`\}/)],
    ]);
  });
  it('finds a for...in without an own-key check, in any function or block', () => {
    expect(kinds('function d(n){for(let e in n)i.setAttribute(e,n[e])}')).toEqual([['for-in', 'for(let e in n)i.setAttribute(e,n[e])']]);
    expect(kinds('x=()=>{if(a){for(k in o){y(k)}}}')).toHaveLength(1);
  });
  it('accepts a loop that checks each key is the object\u2019s own, however it asks', () => {
    expect(kinds('for(const k in o)if(Object.hasOwn(o,k))f(k);')).toEqual([]);
    expect(kinds('for(var k in o){if(!o.hasOwnProperty(k))continue;f(k)}')).toEqual([]);
    expect(kinds('for(var k in o)Object.prototype.hasOwnProperty.call(o,k)&&f(k);')).toEqual([]);
  });
  it('has nothing to say about own-key walks and for...of', () => {
    expect(kinds('for(const[k,v]of Object.entries(o))f(k,v);for(var i of Object.keys(e))g(i);const h="for(a in b)";')).toEqual([]);
  });
  it('names the file, the place and the code', () => {
    const [walk] = inheritedKeyWalks('for(k in o)f(k);');
    expect(describeWalk('franchise-ai-demo.js', walk!)).toBe('franchise-ai-demo.js at 0: a for...in without an own-key check (for(k in o)f(k);)');
  });
});

// build/own-keys-runtime.ts: the bundler's runtime, as the plugin rewrites it.
describe('ownKeysOnly', () => {
  const runtime = `export var __exportAll = (all, no_symbols) => {
  let target = {};
  for (var name in all) {
    __defProp(target, name, { get: all[name], enumerable: true });
  }
  return target;
};
export var __share_export = (target, all) => {
  for (var name in all) __defProp(target, name, { get: all[name], enumerable: true });
};
export var __copyProps = (to, from) => { for (var keys = __getOwnPropNames(from), i = 0; i < keys.length; i++) to[keys[i]] = from[keys[i]]; };`;
  it('walks own keys only, and leaves the other loops as they are', () => {
    const rewritten = ownKeysOnly(runtime);
    expect(rewritten.match(/for \(var name of Object\.keys\(all\)\)/g)).toHaveLength(2);
    expect(rewritten).toContain('for (var keys = __getOwnPropNames(from), i = 0; i < keys.length; i++)');
    expect(inheritedKeyWalks(rewritten).filter(({ kind }) => kind === 'for-in')).toEqual([]);
  });
  it('gives what the helper makes the same keys, without the polluted ones', () => {
    const exportAll = (source: string) =>
      new Function('__defProp', `${source.replace(/export var /g, 'var ')}; return __exportAll;`)(Object.defineProperty) as (all: object) => object;
    const proto = Object.prototype as Record<string, unknown>;
    proto['polluted'] = 'bar';
    try {
      expect(() => exportAll(runtime)({ a: () => 1 })).toThrow(/Getter must be a function/);
      const made = exportAll(ownKeysOnly(runtime))({ a: () => 1, b: () => 2 }) as Record<string, number>;
      expect(Object.keys(made)).toEqual(['a', 'b']);
      expect(made['b']).toBe(2);
    } finally {
      delete proto['polluted'];
    }
  });
});
