import { createServer, type Plugin, type UserConfig } from 'vite';

const DESCRIBE = '/src/steps/form/describe.tsx';
/** Where each shell description is written: the English one in the first render, the French one in the French chunk. */
const TARGETS = [
  { file: '/src/first-render/shell/shell-description.ts', name: '__FAD_SHELL__' },
  { file: '/src/copy/french-shell.ts', name: '__FAD_SHELL_FR__' },
] as const;

/**
 * The shell's markup, made at build time by rendering the real form components in node
 * (src/steps/form/describe.tsx), so the form the first render draws is the one Preact hydrates.
 */
export function formShell(config: Pick<UserConfig, 'resolve' | 'oxc' | 'root'>): { main: Plugin; chunks: Plugin } {
  let made: Promise<Record<string, string>> = Promise.resolve({});
  async function make(addWatchFile: (id: string) => void): Promise<Record<string, string>> {
    const server = await createServer({
      ...config,
      configFile: false,
      logLevel: 'warn',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, watch: null },
    });
    try {
      const { describeShell } = (await server.ssrLoadModule(DESCRIBE)) as typeof import('../src/steps/form/describe.tsx');
      const { ENGLISH } = (await server.ssrLoadModule('/src/copy/copy-context.ts')) as typeof import('../src/copy/copy-context.ts');
      const { frenchCopy } = (await server.ssrLoadModule('/src/copy/french-copy.ts')) as typeof import('../src/copy/french-copy.ts');
      for (const id of server.moduleGraph.idToModuleMap.keys()) if (!id.includes('node_modules') && !id.startsWith('\0')) addWatchFile(id);
      return {
        __FAD_SHELL__: JSON.stringify(describeShell(ENGLISH)),
        __FAD_SHELL_FR__: JSON.stringify(describeShell({ language: 'fr', copy: frenchCopy })),
      };
    } finally {
      await server.close();
    }
  }
  async function transform(this: { error(message: string): never }, code: string, id: string) {
    const target = TARGETS.find(({ file }) => id.endsWith(file));
    if (!target) return null;
    const declared = new RegExp(`declare const ${target.name}[^;]*;`);
    if (!declared.test(code)) this.error(`${target.file} no longer declares ${target.name}`);
    return { code: code.replace(declared, `const ${target.name} = ${(await made)[target.name]};`), map: null };
  }
  return {
    main: {
      name: 'franchise-ai-demo-form-shell',
      apply: 'build',
      enforce: 'pre',
      buildStart() {
        // Not awaited: the chunks' builds (build/classic-chunks.ts) start beside this one, and wait for it in `transform`.
        made = make((id) => this.addWatchFile(id));
      },
      transform,
    },
    chunks: { name: 'franchise-ai-demo-form-shell-chunks', enforce: 'pre', transform },
  };
}
