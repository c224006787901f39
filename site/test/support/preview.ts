import { fileURLToPath } from 'node:url';
import { listen, type Listening } from '@franchise-ai/test-support/listen';
import { createPreviewServer } from '../../scripts/preview-server.mjs';

/** site/dist, as `pnpm test:build` built it. */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export type Preview = Listening;

/** The same server as `node scripts/preview.mjs`, in this process, on a free port, serving `dist`. */
export const startPreview = (dist = DIST): Promise<Preview> => listen(createPreviewServer(dist));
