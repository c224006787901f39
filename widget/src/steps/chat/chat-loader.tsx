import { useEffect, useState } from 'preact/hooks';
import { loadChat } from '../../first-render/chunks/lazy-chunks.ts';
import { useCopy } from '../../copy/copy-context.ts';
import type { DemoFlow } from '../../flow/use-demo-flow.ts';
import { sharedModules } from './chat-shared.ts';

// The chat step: its heading at once (where a new step takes the keyboard), its view from its own chunk.

type ChatChunk = Awaited<ReturnType<typeof loadChat>>;
let loaded: ChatChunk | null = null;
const sheets = new WeakMap<ShadowRoot, true>();

/** The chunk's styles join the shadow root's once, before the view renders with them. */
function adopt(root: ShadowRoot, chunk: ChatChunk) {
  if (sheets.has(root)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(chunk.styles);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  sheets.set(root, true);
}

export function ChatLoader({ flow }: { flow: DemoFlow }) {
  const copy = useCopy();
  const [chunk, setChunk] = useState<ChatChunk | 'failed' | null>(loaded);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (loaded) return;
    loadChat(sharedModules).then(
      (arrived) => void setChunk((loaded = arrived)),
      (error: unknown) => {
        console.warn('[franchise-ai-demo] chat: its chunk could not be loaded.', error);
        setChunk('failed');
      },
    );
  }, [tries]);
  const root = flow.host.shadowRoot;
  if (chunk && chunk !== 'failed' && root) adopt(root, chunk);
  return (
    <section class="step chat" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>
        {copy.chatHeading}
      </h2>
      {chunk === 'failed' ? (
        <div class="notice" role="alert">
          <p>{copy.chatLoadFailed}</p>
          <button
            type="button"
            class="primary"
            onClick={() => {
              setChunk(null);
              setTries(tries + 1);
            }}
          >
            {copy.tryAgain}
          </button>
        </div>
      ) : (
        chunk && <chunk.ChatStep flow={flow} />
      )}
    </section>
  );
}
