import type { Server } from 'node:http';

/** An `http.Server` (not yet listening) serving the static site in `dist`. */
export function createPreviewServer(dist: string): Server;
