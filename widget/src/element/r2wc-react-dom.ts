// What @r2wc/react-to-web-component gets for `react-dom/client` (vite.config.ts aliases it here): it
// only calls `createRoot(shadowRoot)`, then `render()` and `unmount()` on the root. The root is the
// shell's (src/shell/shell-root.ts): it draws the form until Preact arrives with the later steps'
// chunk, then hands every render to it.
export { createShellRoot as createRoot } from '../shell/shell-root.ts';
