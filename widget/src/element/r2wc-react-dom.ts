import { render, type ComponentChild } from 'preact';

// What @r2wc/react-to-web-component gets for `react-dom/client` (vite.config.ts aliases it here): it
// only calls `createRoot(shadowRoot)`, then `render()` and `unmount()` on the root. Preact's own
// `render` does both; preact/compat/client would bring all of compat with it (see r2wc-react.ts).
export function createRoot(container: Element | DocumentFragment) {
  return {
    render: (children: ComponentChild) => render(children, container),
    unmount: () => render(null, container),
  };
}
