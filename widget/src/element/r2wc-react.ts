// What @r2wc/react-to-web-component gets for `import React from 'react'` (vite.config.ts aliases it
// here): it only calls `React.createElement(component, props)` and hands the result to the root's
// `render()` (r2wc-react-dom.ts). The first render has no Preact (widget/LIFECYCLE.md), so the
// element is only what the root reads: r2wc's props. Nothing else in the widget imports `react`.
export default { createElement: (type: unknown, props: object) => ({ type, props }) };
