// What @r2wc/react-to-web-component gets for `import React from 'react'` (vite.config.ts aliases it
// here): it only calls `React.createElement`. preact/compat is not used at all: its default export
// holds every compat API (Suspense, lazy, memo, Children, forwardRef, ...) and its `render` pulls in
// all of compat, about 2.5 KB gzip the widget never calls. Nothing else in the widget imports `react`.
import { createElement } from 'preact';

export default { createElement };
