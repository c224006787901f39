import { describe, expect, it } from 'vitest';
import { dropHeldEvents, emit, releaseHeldEvents } from './events.ts';

// A host element reduced to what emit needs: whether it is in the document, and its listeners.
function host() {
  const heard: Array<[type: string, detail: unknown, bubbles: boolean, composed: boolean]> = [];
  const element = {
    isConnected: true,
    dispatchEvent(event: CustomEvent) {
      heard.push([event.type, event.detail, event.bubbles, event.composed]);
      return true;
    },
  };
  return { element: element as unknown as Element & { isConnected: boolean }, heard };
}

describe('emit', () => {
  it('dispatches at once, bubbling and composed, while the element is in the document', () => {
    const { element, heard } = host();
    emit(element, 'franchise-ai-demo-step', { step: 'form' });
    expect(heard).toEqual([['franchise-ai-demo-step', { step: 'form' }, true, true]]);
  });
  it('holds what happens while the element is out of the document, and tells it in order once it is back', () => {
    const { element, heard } = host();
    element.isConnected = false;
    emit(element, 'franchise-ai-demo-step', { step: 'loading' });
    emit(element, 'franchise-ai-demo-error', { stage: 'submit', message: 'x' });
    expect(heard).toEqual([]);
    element.isConnected = true;
    releaseHeldEvents(element);
    expect(heard.map(([type]) => type)).toEqual(['franchise-ai-demo-step', 'franchise-ai-demo-error']);
    releaseHeldEvents(element); // once only
    expect(heard).toHaveLength(2);
  });
  it('drops what was held when the element is removed for good', () => {
    const { element, heard } = host();
    element.isConnected = false;
    emit(element, 'franchise-ai-demo-call-end', {});
    dropHeldEvents(element);
    element.isConnected = true;
    releaseHeldEvents(element);
    expect(heard).toEqual([]);
  });
  it('every event name is lower-case words and hyphens, which every framework binds in templates', async () => {
    const source = await import('node:fs').then((fs) => fs.readFileSync(new URL('./events.ts', import.meta.url), 'utf8'));
    const names = [...source.matchAll(/^\s+'([^']+)': CustomEvent/gm)].map((match) => match[1]);
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) expect(name).toMatch(/^[a-z]+(?:-[a-z]+)+$/);
  });
});
