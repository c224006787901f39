import { fileURLToPath } from 'node:url';
import { listen, type Listening } from '@franchise-ai/test-support/listen';
import { TEST_OUT_DIR } from '../../scripts/out-dir.mjs';
import { createPreviewServer } from '../../scripts/preview-server.mjs';

/** site/dist-test, as `pnpm test:build` built it (never site/dist, where a release is built: scripts/out-dir.mjs). */
export const DIST = fileURLToPath(new URL(`../../${TEST_OUT_DIR}/`, import.meta.url));

export type Preview = Listening;

/** The same server as `node scripts/preview.mjs`, in this process, on a free port, serving `dist`. */
export const startPreview = (dist = DIST): Promise<Preview> => listen(createPreviewServer(dist));
