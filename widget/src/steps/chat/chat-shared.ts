// What the chat chunk takes from the later steps' chunk in the script-tag build (build/classic-chunks.ts):
// one Preact and one texts context (two would break every hook), and the modules both use.
import * as jsxRuntime from 'preact/jsx-runtime';
import * as hooks from 'preact/hooks';
import * as copyContext from '../../copy/copy-context.ts';
import * as fillCopy from '../../copy/fill-copy.ts';
import * as browserOffer from '../../flow/browser-offer.ts';
import * as nextStep from '../../flow/next-step.ts';
import * as nextStepActions from '../next-step-actions.tsx';
import * as saveFlow from '../../flow/save-flow.ts';
import * as chat from '@franchise-ai/shared/chat';
import * as chatHandlers from '../../flow/chat-handlers.ts';
import * as webhookClient from '../../webhooks/webhook-client.ts';
import * as assistantAnswer from '../../webhooks/assistant-answer.ts';
import * as frenchTypography from '@franchise-ai/shared/french-typography';

// A plain object, as first-render/chunks/classic-shared.ts's.
export const sharedModules = {
  jsxRuntime,
  hooks,
  copyContext,
  fillCopy,
  browserOffer,
  nextStep,
  nextStepActions,
  saveFlow,
  chat,
  chatHandlers,
  webhookClient,
  assistantAnswer,
  frenchTypography,
};
