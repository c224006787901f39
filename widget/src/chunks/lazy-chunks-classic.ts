import { loadClassicChunk } from './classic-chunk.ts';
import type * as LazyChunks from './lazy-chunks.ts';

// lazy-chunks.ts for the script-tag build: the same modules, each built by build/classic-chunks.ts as
// a classic script under chunks/ (LAZY_CHUNKS there), whose hashed file names arrive here as
// __FAD_CHUNKS__. Classic scripts load from any static host, with or without CORS headers.

declare const __FAD_CHUNKS__: Record<'later-steps' | 'phone-rules' | 'vapi-client' | 'missing-assistant-id', string>;

type Chunk<Load extends () => Promise<unknown>> = Awaited<ReturnType<Load>>;

export const loadLaterSteps = () => loadClassicChunk<Chunk<typeof LazyChunks.loadLaterSteps>>(__FAD_CHUNKS__['later-steps']);
export const loadPhoneRules = () => loadClassicChunk<Chunk<typeof LazyChunks.loadPhoneRules>>(__FAD_CHUNKS__['phone-rules']);
export const loadVoice = () => loadClassicChunk<Chunk<typeof LazyChunks.loadVoice>>(__FAD_CHUNKS__['vapi-client']);
export const loadMissingAssistantId = () => loadClassicChunk<Chunk<typeof LazyChunks.loadMissingAssistantId>>(__FAD_CHUNKS__['missing-assistant-id']);
