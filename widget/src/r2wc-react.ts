// What @r2wc/react-to-web-component gets for `import React from 'react'` (vite.config.ts aliases it
// here): it only calls `React.createElement`. Aliasing `react` to preact/compat itself would hand it
// compat's default export, an object that holds every compat API (Suspense, lazy, memo, Children,
// forwardRef, ...) and so keeps all of them in the bundle: about 1.8 KB gzip nobody calls.
// Nothing else in the widget imports `react`.
import { createElement } from 'preact/compat';

export default { createElement };
