import { createElement } from 'preact/compat';
export default { createElement };
