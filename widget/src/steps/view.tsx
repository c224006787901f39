import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { saveFlow } from '../flow/save-flow.ts';
import type { DemoFlow, FlowCore } from '../flow/use-demo-flow.ts';
import { BrowserCallStep } from './browser-call/browser-call-step.tsx';
import { CallScheduledStep } from './call-scheduled/call-scheduled-step.tsx';
import { CallUnconfirmedStep } from './call-scheduled/call-unconfirmed-step.tsx';
import { CongratulationsStep } from './congratulations/congratulations-step.tsx';
import { LoadingStep } from './loading/loading-step.tsx';
import { PhoneDialog } from './phone-dialog/phone-dialog.tsx';
import { useLeaveWarning } from './use-leave-warning.ts';
import { ChatLoader } from './chat/chat-loader.tsx';

export function LaterStepsView({ core }: { core: FlowCore }) {
  const flow: DemoFlow = { ...core, ...core.handlers! };
  const { step, agentId } = flow.state;
  // Written in the same task as the step renders, so a reload at that very moment finds it.
  useLayoutEffect(() => saveFlow(core.savedKey, core.config.webhookBase, core.stateRef.current), [agentId, step === 'loading']);
  useLeaveWarning(flow.state.callStatus === 'active');
  // Asked during the wait, so congratulations knows at its first paint whether to show the chat card.
  useEffect(() => void ((step === 'loading' || step === 'congratulations') && flow.probeChat()), [step, flow.state.request?.demoId]);
  // A call request that settles on the same step takes the keyboard to the heading, so what it says now is read.
  const unconfirmed = step === 'call-scheduled' && flow.state.callUnconfirmed === true;
  const settled = unconfirmed ? `unconfirmed ${flow.state.callFailures ?? 0}` : 'confirmed';
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (lastSettled.current === settled) return;
    lastSettled.current = settled;
    if (step === 'call-scheduled') flow.host.shadowRoot?.getElementById('fad-heading')?.focus();
  }, [settled]);
  return (
    <>
      {step === 'loading' && <LoadingStep flow={flow} />}
      {step === 'congratulations' && <CongratulationsStep flow={flow} />}
      {step === 'call-scheduled' &&
        (unconfirmed ? <CallUnconfirmedStep flow={flow} homeUrl={flow.config.homeUrl} /> : <CallScheduledStep flow={flow} homeUrl={flow.config.homeUrl} />)}
      {step === 'browser-call' && <BrowserCallStep flow={flow} />}
      {step === 'chat' && <ChatLoader flow={flow} />}
      {step !== 'loading' && <PhoneDialog flow={flow} host={flow.host} />}
    </>
  );
}
