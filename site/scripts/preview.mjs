// Serves site/dist on 127.0.0.1:$PORT (default 4173) as a static host or CDN would; see
// preview-server.mjs for the rules (the tests use the same server).
import { fileURLToPath } from 'node:url';
import { createPreviewServer } from './preview-server.mjs';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const PORT = Number(process.env.PORT ?? 4173);

createPreviewServer(DIST).listen(PORT, '127.0.0.1', () => console.log(`site preview on http://127.0.0.1:${PORT}/`));
