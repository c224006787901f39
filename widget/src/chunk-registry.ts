/** The global the script-tag build's lazy chunks file their exports in, by their URL: one per page, shared by every copy of the widget. */
export const CHUNK_REGISTRY = '__franchiseAiDemoChunks';
