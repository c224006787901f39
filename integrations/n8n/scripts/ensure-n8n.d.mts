// Types for ensure-n8n.mjs (plain Node, so CI can run it before anything is built).
export declare const N8N_VERSION: string;
export declare function n8nCacheDir(env?: NodeJS.ProcessEnv): string;
export declare function n8nBin(dir?: string): string;
export declare function isInstalled(dir?: string): boolean;
/** Installs n8n into the cache when missing; returns the entry script's path. */
export declare function ensureN8n(dir?: string): string;
