/// <reference path="../../env.d.ts" />
// The chat view's chunk, loaded at 'Chat With It' (steps/chat/chat-loader.tsx).
export { ChatStep } from './chat-step.tsx';
export { default as styles } from './chat.css?inline';
