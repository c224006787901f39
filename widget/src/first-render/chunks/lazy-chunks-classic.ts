import { loadClassicChunk } from './classic-chunk.ts';
import type * as LazyChunks from './lazy-chunks.ts';

// lazy-chunks.ts for the script-tag build: classic scripts, which load from any static host, CORS headers or not.

declare const __FAD_CHUNKS__: Record<'later-steps' | 'phone-rules' | 'vapi-client' | 'missing-assistant-id' | 'french', string>;

type Chunk<Load extends () => Promise<unknown>> = Awaited<ReturnType<Load>>;
const files = Object.values(__FAD_CHUNKS__);
const load = <T>(name: keyof typeof __FAD_CHUNKS__) => loadClassicChunk<T>(__FAD_CHUNKS__[name], files);

export const loadLaterSteps = () => load<Chunk<typeof LazyChunks.loadLaterSteps>>('later-steps');
export const loadPhoneRules = () => load<Chunk<typeof LazyChunks.loadPhoneRules>>('phone-rules');
export const loadVoice = () => load<Chunk<typeof LazyChunks.loadVoice>>('vapi-client');
export const loadMissingAssistantId = () => load<Chunk<typeof LazyChunks.loadMissingAssistantId>>('missing-assistant-id');
export const loadFrench = () => load<Chunk<typeof LazyChunks.loadFrench>>('french');
