import { loadClassicChunk } from './classic-chunk.ts';
import type * as LazyChunks from './lazy-chunks.ts';

// lazy-chunks.ts for the script-tag build: classic scripts, which load from any static host, CORS headers or not.

declare const __FAD_CHUNKS__: Record<'later-steps' | 'phone-rules' | 'vapi-client' | 'missing-assistant-id' | 'french' | 'chat', string>;

type Chunk<Load extends (modules: object) => Promise<unknown>> = Awaited<ReturnType<Load>>;
const files = Object.values(__FAD_CHUNKS__);
const load = <T>(name: keyof typeof __FAD_CHUNKS__, modules?: object) => loadClassicChunk<T>(__FAD_CHUNKS__[name], files, modules);

export const loadLaterSteps = () => load<Chunk<typeof LazyChunks.loadLaterSteps>>('later-steps');
export const loadPhoneRules = () => load<Chunk<typeof LazyChunks.loadPhoneRules>>('phone-rules');
export const loadVoice = () => load<Chunk<typeof LazyChunks.loadVoice>>('vapi-client');
export const loadMissingAssistantId = () => load<Chunk<typeof LazyChunks.loadMissingAssistantId>>('missing-assistant-id');
export const loadFrench = () => load<Chunk<typeof LazyChunks.loadFrench>>('french');
/** The chat chunk takes Preact and the texts from the later steps' chunk, which passes them (steps/chat/chat-shared.ts). */
export const loadChat = (modules: object) => load<Chunk<typeof LazyChunks.loadChat>>('chat', modules);
