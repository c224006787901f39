import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { AgentDetails } from './agent-details.tsx';
import { browserCallOffered } from '../../flow/browser-offer.ts';
import { useCopy } from '../../copy/copy-context.ts';
import { useRef } from 'preact/hooks';

// The agent card has nothing to focus, so the keyboard still goes from the heading to 'Schedule Call'.
export function CongratulationsStep({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const { chatOffered } = flow.state;
  // The host's answer is nearly always in before this step (it is asked during the wait); one that
  // comes later gets a grid of its own below, so the two cards already shown do not move.
  const offeredAtFirst = useRef(chatOffered === true).current;
  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>
        {copy.readyHeading}
      </h2>
      <AgentDetails flow={flow} />
      <p class="lead options-lead">{copy.readyIntro}</p>
      <div class="cards options">
        <article class="card option" part="card" aria-labelledby="fad-call-me">
          <h3 id="fad-call-me">{copy.callMeTitle}</h3>
          <p>{copy.callMeText}</p>
          <button type="button" class="primary" onClick={() => flow.dispatch({ type: 'phone-dialog-opened' })}>
            {copy.scheduleCall}
          </button>
        </article>
        <article class="card option" part="card" aria-labelledby="fad-browser">
          <h3 id="fad-browser">{copy.browserTitle}</h3>
          {/* A page with no public-key can start no browser call: the card says so, before anything is made. */}
          {browserCallOffered(flow.config) ? (
            <>
              <p>{copy.browserText}</p>
              <button type="button" class="primary" onClick={flow.chooseBrowser}>
                {copy.browserButton}
              </button>
            </>
          ) : (
            <p class="unavailable">{copy.browserUnavailable}</p>
          )}
        </article>
        {chatOffered && offeredAtFirst && <ChatCard flow={flow} />}
      </div>
      {chatOffered && !offeredAtFirst && (
        <div class="cards options">
          <ChatCard flow={flow} />
        </div>
      )}
    </section>
  );
}

/** 'Chat With It': the third way to meet the agent, where the host chats. */
function ChatCard({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  return (
    <article class="card option" part="card" aria-labelledby="fad-chat">
      <h3 id="fad-chat">{copy.chatTitle}</h3>
      <p>{copy.chatText}</p>
      <button type="button" class="primary" onClick={flow.openChat}>
        {copy.chatButton}
      </button>
    </article>
  );
}
