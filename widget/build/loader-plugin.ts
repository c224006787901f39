import type { Plugin } from 'vite';
import { POLICY_KEY, POLICY_NAME } from '../src/chunks/chunk-key.ts';
import { LOAD_FAILED } from '../src/chunks/load-failed.ts';
import { DEFAULT_TAG } from '../src/element/tag.ts';

/**
 * `dist/franchise-ai-demo.js`: the one file a page includes, with a stable name (cached briefly),
 * that adds the hashed main chunk (cached forever) as a classic script next to itself. Classic, so
 * that it loads from any static host with or without CORS headers; the loader itself runs both as a
 * classic script and as `<script type="module">` (where `document.currentScript` is null, so it
 * finds its own tag by file name). Should the chunk not arrive, the element shows a short message
 * instead of an empty box. On a page that enforces Trusted Types it creates the widget's one policy
 * (POLICY_NAME), which turns only this build's own chunk addresses into script URLs, and hands it to
 * the main chunk on its <script> element (src/chunks/classic-chunk.ts), so nothing lands on `window`.
 */
export function loaderPlugin(options: { entryName: string; fileName: string }): Plugin {
  return {
    name: 'franchise-ai-demo-loader',
    apply: 'build',
    generateBundle(_output, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === options.entryName);
      if (!entry) this.error(`no entry chunk named ${options.entryName}`);
      // Every chunk of this build: the main chunk and the lazy ones (build/classic-chunks.ts emitted them before this runs).
      const chunks = Object.keys(bundle).filter((file) => /^chunks\/[^/]+\.js$/.test(file));
      if (!chunks.some((file) => file !== entry.fileName)) this.error('no lazy chunks in the bundle: the loader would refuse them under Trusted Types');
      this.emitFile({ type: 'asset', fileName: options.fileName, source: loaderSource(entry.fileName, options.fileName, chunks) });
    },
  };
}

/** The loader's code: plain ES2015, strict-mode safe, no inline styles (strict CSP pages). */
export function loaderSource(chunk: string, fileName: string, chunks: string[] = [chunk]): string {
  const text = JSON.stringify;
  return (
    `/*! <${DEFAULT_TAG}> loader: adds the widget's code from next to this file. */\n` +
    `(function(){var d=document,s=d.currentScript,i,a;` +
    // As a module script, find our own tag: the last one whose file name is ours.
    `if(!s)for(a=d.querySelectorAll("script[src]"),i=a.length;i--;)if(new URL(a[i].src).pathname.split("/").pop()===${text(fileName)}){s=a[i];break}` +
    `var b=s&&s.src||d.baseURI,u=new URL(${text(chunk)},b).href,t=window.trustedTypes,p,n;` +
    // Included twice: the chunk is added once.
    `for(a=d.scripts,i=a.length;i--;)if(a[i].src===u)return;` +
    // Trusted Types: a policy that knows this build's chunks by their full address, and nothing else.
    `if(t&&t.createPolicy)try{n=${text(chunks.map((file) => file.replace(/^chunks\//, '')))}.map(function(f){return new URL(f,u).href});` +
    `p=t.createPolicy(${text(POLICY_NAME)},{createScriptURL:function(x){if(n.indexOf(x)<0)throw new TypeError("[${DEFAULT_TAG}] not one of its chunks: "+x);return x}})}catch(x){}` +
    `var e=d.createElement("script");e.src=p?p.createScriptURL(u):u;if(p)e[Symbol.for(${text(POLICY_KEY)})]=p;e.async=true;if(s&&s.nonce)e.nonce=s.nonce;` +
    `e.onerror=function(){console.error("[${DEFAULT_TAG}] could not load "+u);` +
    `if(!customElements.get(${text(DEFAULT_TAG)}))customElements.define(${text(DEFAULT_TAG)},class extends HTMLElement{connectedCallback(){` +
    `if(this.shadowRoot)return;var p=d.createElement("p");p.setAttribute("role","alert");p.textContent=${text(LOAD_FAILED)};` +
    // The slot shows what the page put inside the element (a snippet's link to the demo page) under the message.
    `this.attachShadow({mode:"open"}).append(p,d.createElement("slot"))}})};` +
    `(d.head||d.documentElement).appendChild(e)})();\n`
  );
}
