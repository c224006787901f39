// The build's last step (`pnpm build:manifest`): writes dist/custom-elements.json (package.json's
// `customElements`), dist/vscode.html-custom-data.json and dist/web-types.json (`web-types`) from
// the element's doc comment and the code it is checked against (build/custom-elements-plugin.mjs).
// Run after the Vite builds: it fails unless both files the manifest names as modules exist. It says
// when README.md's reference blocks no longer match (scripts/readme-tables.mjs writes them; the
// build leaves the committed file alone, so src/readme.test.ts still sees a stale one).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createManifest } from '../build/custom-elements-manifest.mjs';
import { vsCodeHtmlCustomData, webTypes } from '../build/editor-data.mjs';
import { README_COMMAND, staleBlocks } from './readme-tables.mjs';

const WIDGET = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(WIDGET, 'dist');
const packageJson = JSON.parse(readFileSync(join(WIDGET, 'package.json'), 'utf8'));

const manifest = createManifest({ widgetDir: WIDGET });
const missing = manifest.modules.map((module) => module.path).filter((path) => !existsSync(join(WIDGET, path)));
if (missing.length > 0) throw new Error(`the manifest names modules the build did not make: ${missing.join(', ')}`);

const write = (path, data) => writeFileSync(join(WIDGET, path), `${JSON.stringify(data, null, 2)}\n`);
mkdirSync(DIST, { recursive: true });
write(packageJson.customElements, manifest);
write(packageJson['web-types'], webTypes(manifest, packageJson));
write('dist/vscode.html-custom-data.json', vsCodeHtmlCustomData(manifest));

const stale = staleBlocks(manifest);
if (stale.length > 0) console.warn(`README.md's ${stale.join(', ')} differ from the manifest: run \`${README_COMMAND}\``);
