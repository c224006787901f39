import { createServer, type Plugin, type UserConfig } from 'vite';

const DESCRIBE = '/src/shell/describe.tsx';

/**
 * The shell's markup (src/shell/shell-description.ts's `__FAD_SHELL__`), made at build time by
 * rendering the real form components in node (src/shell/describe.tsx, with preact-render-to-string),
 * so the form the first render draws is the one Preact hydrates: nothing of it is copied by hand.
 * `config` is what every build shares (aliases, JSX).
 */
export function formShell(config: Pick<UserConfig, 'resolve' | 'oxc' | 'root'>): Plugin {
  let description = '';
  return {
    name: 'franchise-ai-demo-form-shell',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const server = await createServer({
        ...config,
        configFile: false,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
      });
      try {
        const { describeShell } = (await server.ssrLoadModule(DESCRIBE)) as typeof import('../src/shell/describe.tsx');
        description = JSON.stringify(describeShell());
        // A watching build (pnpm dev) makes it again when a component it rendered changes.
        for (const id of server.moduleGraph.idToModuleMap.keys()) if (!id.includes('node_modules') && !id.startsWith('\0')) this.addWatchFile(id);
      } finally {
        await server.close();
      }
    },
    transform(code, id) {
      if (!id.endsWith('/src/shell/shell-description.ts')) return null;
      const declared = /declare const __FAD_SHELL__[^;]*;/;
      if (!declared.test(code)) this.error('src/shell/shell-description.ts no longer declares __FAD_SHELL__');
      return { code: code.replace(declared, `const __FAD_SHELL__ = ${description};`), map: null };
    },
  };
}
