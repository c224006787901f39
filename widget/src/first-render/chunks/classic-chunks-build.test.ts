import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedModules, sharedModulesSource, toFactoryBody } from '../../../build/classic-chunks.ts';

const SHARED_FILE = new URL('./classic-shared.ts', import.meta.url);
// The script-tag build's lazy chunks: built as ES modules, then turned into a function body that
// takes what they share with the main chunk (build/classic-chunks.ts).
describe('toFactoryBody', () => {
  it('reads shared imports from the functions of __fadShared, returns the export list, and names each imported binding', () => {
    const { body, imports } = toFactoryBody(
      't',
      'import{h as e,render as t}from"fad-shared:preact";import{copy as n}from"fad-shared:copy";function r(){return e(n.x)}export{r as Step,t as render};',
    );
    expect(body).toBe('var{h:e,render:t}=__fadShared.preact();var{copy:n}=__fadShared.copy();function r(){return e(n.x)}return{"Step":r,"render":t}');
    expect(Object.fromEntries([...imports].map(([module, names]) => [module, [...names]]))).toEqual({ preact: ['h', 'render'], copy: ['copy'] });
    expect(new Function('__fadShared', body)({ preact: () => ({ h: (x: string) => `<${x}>`, render: 1 }), copy: () => ({ copy: { x: 'hi' } }) }).Step()).toBe(
      '<hi>',
    );
  });
  it('drops a bare import of a shared module (the main chunk ran it already)', () => {
    expect(toFactoryBody('t', 'import"fad-shared:preact";const a=1;export{a};').body).toBe('const a=1;return{"a":a}');
  });
  it.each([
    ['another import', 'import{x}from"./other.js";export{x};'],
    ['a namespace import', 'import*as p from"fad-shared:preact";export{p};'],
    ['import.meta', 'const u=import.meta.url;export{u};'],
  ])('refuses %s', (_what, code) => expect(() => toFactoryBody('t', code)).toThrow(/classic chunk t: cannot turn/));
  it('refuses a chunk without an export list', () => expect(() => toFactoryBody('t', 'const a=1;')).toThrow(/no export list/));
  it('words in strings are not statements', () => {
    expect(toFactoryBody('t', 'const a=`export`+"import(x)";export{a};').body).toBe('const a=`export`+"import(x)";return{"a":a}');
  });
});

describe('sharedModules: src/first-render/chunks/classic-shared.ts', () => {
  it('reads each `import * as name from specifier` line', () => {
    expect(sharedModules("// x\nimport * as preact from 'preact';\nimport * as firstCopy from '../../copy/form-copy.ts';\n")).toEqual([
      { name: 'preact', specifier: 'preact' },
      { name: 'firstCopy', specifier: '../../copy/form-copy.ts' },
    ]);
  });
  it('the committed list shares nothing of Preact: a listed module joins the first render, which has none (Preact comes with the later steps alone)', () => {
    expect(sharedModules().filter(({ specifier }) => /^preact|\.tsx$/.test(specifier))).toEqual([]);
  });
});

describe('sharedModulesSource: src/first-render/chunks/classic-shared.ts as the main chunk builds it', () => {
  const source = "import * as a from './a.ts';\nimport * as b from './b.ts';\nexport const sharedModules = { a, b };\n";
  const built = [{ imports: new Map([['a', new Set(['x', 'y'])]]) }];
  it('makes each module a function of the bindings chunks import, and sharedModules a plain object of them: no namespace, so no bundler helper', () => {
    expect(sharedModulesSource(source, built)).toBe(
      'import { x as s0_x, y as s0_y } from "./a.ts";\nconst a = () => ({ x: s0_x, y: s0_y });\nconst b = () => ({  });\nexport const sharedModules = { a, b };\n',
    );
  });
  it.each([
    ['one it leaves out', "import * as a from './a.ts';\nimport * as b from './b.ts';\nexport const sharedModules = { a };\n"],
    ['another order', "import * as a from './a.ts';\nimport * as b from './b.ts';\nexport const sharedModules = { b, a };\n"],
    ['no object', "import * as a from './a.ts';\n"],
  ])('refuses a sharedModules object with %s', (_what, list) =>
    expect(() => sharedModulesSource(list, built)).toThrow(/sharedModules must list its imports in order/),
  );
  it('the committed file lists its imports in order', () => expect(() => sharedModulesSource(readFileSync(SHARED_FILE, 'utf8'), [])).not.toThrow());
});
