import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { moduleImports, moduleScripts, warmPage } from './dev-warm.mjs';

describe('moduleScripts', () => {
  it("reads the module scripts of Vite's page, not the others", () => {
    const html = '<script type="module" src="/@vite/client"></script><script src="/legacy.js"></script>\n<script src="/src/main.tsx" type="module"></script>';
    expect(moduleScripts(html)).toEqual(['/@vite/client', '/src/main.tsx']);
  });
});

describe('moduleImports', () => {
  it("reads the static and dynamic imports of Vite's output (lines as the site's dev server serves them)", () => {
    const code = [
      'const startTransition = __vite__cjsImport0_react["startTransition"];import __vite__cjsImport0_react from "/node_modules/.vite/deps/react.js?v=61637b7d";',
      'import { Router } from "/node_modules/.vite/deps/wouter.js?v=61637b7d";',
      'import "/@id/__x00__virtual:figtree-fallback.css";',
      'export { offerings } from "/@fs/work/shared/src/offerings.ts";',
      '\timport("/src/react-runtime.ts").then(() => import("/src/hydrate.tsx"));',
      'const text = "not an import: /src/nothing.ts";',
    ].join('\n');
    expect(moduleImports(code)).toEqual([
      '/node_modules/.vite/deps/react.js?v=61637b7d',
      '/node_modules/.vite/deps/wouter.js?v=61637b7d',
      '/@id/__x00__virtual:figtree-fallback.css',
      '/@fs/work/shared/src/offerings.ts',
      '/src/react-runtime.ts',
      '/src/hydrate.tsx',
    ]);
  });
});

describe('warmPage', () => {
  it('resolves only once every module the page reaches has answered, each asked for once, a failing one included', async () => {
    const modules: Record<string, string> = {
      '/src/main.ts': 'import "/src/a.ts"; import("/src/b.ts");',
      '/src/a.ts': 'import { x } from "/deps/slow.js?v=1"; import "/src/b.ts";',
      '/src/b.ts': 'import "/src/a.ts"; import "/src/missing.ts";',
      '/deps/slow.js?v=1': 'export const x = 1;',
    };
    const asked: string[] = [];
    const answered: string[] = [];
    const server = createServer((req, res) => {
      const url = req.url!;
      asked.push(url);
      if (url === '/page') return void res.end('<script type="module" src="/src/main.ts"></script>');
      // As Vite holds a dependency's request until its bundling is done.
      setTimeout(() => (answered.push(url), modules[url] ? res.end(modules[url]) : ((res.statusCode = 500), res.end())), url.startsWith('/deps/') ? 300 : 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await warmPage(`http://127.0.0.1:${port}/page`)).toBe(5);
      expect(answered).toContain('/deps/slow.js?v=1');
      expect(asked.sort()).toEqual(['/deps/slow.js?v=1', '/page', '/src/a.ts', '/src/b.ts', '/src/main.ts', '/src/missing.ts']);
    } finally {
      server.close();
    }
  });
});
