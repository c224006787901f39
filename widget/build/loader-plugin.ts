import type { Plugin } from 'vite';

/**
 * Vite cannot code-split an IIFE, so the widget ships as ES chunks with
 * content hashes (cacheable forever) plus this small classic script with a
 * stable name (cached briefly) that imports the entry chunk from next to itself.
 * `<script src=".../franchise-ai-demo.js" defer>` is then all a page needs.
 */
export function loaderPlugin(options: { entryName: string; fileName: string }): Plugin {
  return {
    name: 'franchise-ai-demo-loader',
    apply: 'build',
    generateBundle(_output, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === options.entryName);
      if (!entry) this.error(`no entry chunk named ${options.entryName}`);
      const source =
        `/*! <franchise-ai-demo> loader: imports the widget from next to this file. */\n` +
        `(function(){var s=document.currentScript,u=new URL(${JSON.stringify(entry.fileName)},s&&s.src||document.baseURI).href;` +
        `import(u).catch(function(e){console.error("[franchise-ai-demo] could not load "+u,e)})})();\n`;
      this.emitFile({ type: 'asset', fileName: options.fileName, source });
    },
  };
}
