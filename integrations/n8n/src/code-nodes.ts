// What the workflows' Code nodes run, bundled into each node's code by the workflow build
// (scripts/build-workflows.ts, global `franchiseAi`): plain functions of the Webhook node's item, the
// Data Table nodes' rows and `$env`, from the shared modules the stand-in uses, so they are tested
// without n8n beside each module.
export { checkStep } from './request-check.ts';
export { limitStep } from './call-claims.ts';
export { assistantStep, callStep, cleanupStep, formStep, providerPost, providerRequest, sweepStep } from './answer-steps.ts';
export { profileStep } from './profile-step.ts';
export { callLinkRows, readingRow, statusCheckStep, statusStep, storedProfile } from './demo-status-step.ts';
export { callBooking, callTerritory, eventCheckStep, firstStep, followUpStep } from './call-events-step.ts';
export { invitationStep, nextMailStep, retryStep } from './outbox-step.ts';
export { keyDecisionStep, keyStep } from './idempotency-step.ts';
export { hitDecisionStep, hitStep } from './client-limits-step.ts';
export { abandonedReadings, abandonedReadingStep, readSlotStep } from './read-slots-step.ts';
export { housekeepingStep } from './housekeeping-step.ts';
export { bookingStep, meetingTimesStep } from './calendar-step.ts';
export { toolSettingsStep } from './agent-tools-step.ts';
export { toolAnswersStep } from './tool-calls-step.ts';
export { leadDeliveryStep, leadEventStep } from './lead-outbox-step.ts';
export { hubspotStep } from './hubspot-step.ts';
export { chatAgentStep, chatCheckStep, chatDecisionStep, chatEndRow, chatPost, chatReportStep, idleChatStep, turnLimitStep } from './chat-step.ts';
