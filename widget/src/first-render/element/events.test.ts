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
  it('holds what happens while the element is out of the document and tells it in order once it is back; drops it when the element is removed for good', () => {
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
    element.isConnected = false;
    emit(element, 'franchise-ai-demo-call-end', {});
    dropHeldEvents(element);
    element.isConnected = true;
    releaseHeldEvents(element);
    expect(heard).toHaveLength(2);
  });
});
