export * from './types.ts';
export * from './constants.ts';
export * from './validation.ts';
export * from './agent-id.ts';
export * from './copy.ts';
export * from './join-url.ts';
export * from './webhook-client.ts';
export * from './flow.ts';
