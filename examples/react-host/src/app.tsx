// Registers <franchise-ai-demo> (a no-op during server rendering) and types it for React 19 JSX.
import '@franchise-ai/widget';
import type {} from '@franchise-ai/widget/jsx';
import type { BusinessType, Step } from '@franchise-ai/widget';
import { useState } from 'react';

const WEBHOOK_BASE = import.meta.env['VITE_WEBHOOK_BASE'] ?? 'http://127.0.0.1:8787/webhook/franchise-ai';
const PUBLIC_KEY = import.meta.env['VITE_VOICE_PUBLIC_KEY'] ?? '';

export function App() {
  const [businessType, setBusinessType] = useState<BusinessType>('franchisor');
  const [step, setStep] = useState<Step>('form');
  const [log, setLog] = useState<string[]>([]);
  const note = (line: string) => setLog((lines) => [...lines, line]);

  return (
    <main style={{ maxWidth: 1000, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>React host</h1>
      <p>
        The host page drives attributes and listens to typed events. Current step: <strong>{step}</strong>
      </p>
      <p>
        <button type="button" onClick={() => setBusinessType(businessType === 'franchisor' ? 'franchisee' : 'franchisor')}>
          Start as {businessType === 'franchisor' ? 'franchisee' : 'franchisor'}
        </button>
      </p>
      <franchise-ai-demo
        webhook-base={WEBHOOK_BASE}
        public-key={PUBLIC_KEY}
        business-type={businessType}
        onfranchise-ai-demo-step={(event) => setStep(event.detail.step)}
        onfranchise-ai-demo-ready={(event) => note(`ready: ${event.detail.agentId}`)}
        onfranchise-ai-demo-error={(event) => note(`error (${event.detail.stage}): ${event.detail.message}`)}
      />
      <h2>Events</h2>
      <ol>
        {log.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an append-only log: an entry keeps its index
          <li key={index}>{line}</li>
        ))}
      </ol>
    </main>
  );
}
