import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { r2wcElementClass, render, renderOnlyOnceConnected, writeProp, type R2wcElement } from './r2wc-internals.ts';

// Each thing r2wc-internals.ts relies on, checked against the installed r2wc in node: its element
// class is built by @r2wc/core (loaded here from next to @r2wc/react-to-web-component, the one the
// widget bundles) with a recording renderer in place of React's, on a stand-in HTMLElement. A new
// r2wc that renames its symbols or changes these callbacks fails here, before any browser test.

/** Attributes the next stand-in element is created with (r2wc's constructor reads them). */
let initialAttributes: Record<string, string> = {};

class StandInElement {
  readonly attributes = new Map(Object.entries(initialAttributes));
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  removeAttribute(name: string) {
    this.attributes.delete(name);
  }
  attachShadow() {
    return { shadowRootOf: this };
  }
  dispatchEvent() {
    return true;
  }
}

type Call = [kind: 'mount' | 'update' | 'unmount', props?: Record<string, unknown>];
type Core = (component: unknown, options: object, renderer: Record<Call[0], (...args: never[]) => unknown>) => new () => R2wcElement;

const fromWidget = createRequire(import.meta.url);
const fromR2wc = createRequire(fromWidget.resolve('@r2wc/react-to-web-component'));
const corePackageFile = fromR2wc.resolve('@r2wc/core/package.json');
const corePackage = JSON.parse(readFileSync(corePackageFile, 'utf8')) as { exports: { '.': { import: string } } };
const core = ((await import(pathToFileURL(join(dirname(corePackageFile), corePackage.exports['.'].import)).href)) as { default: Core }).default;

const PROP_NAMES = ['webhookBase', 'voiceAvoidEval'];
const savedHTMLElement = globalThis.HTMLElement;
beforeAll(() => void (globalThis.HTMLElement = StandInElement as unknown as typeof HTMLElement));
afterAll(() => void (globalThis.HTMLElement = savedHTMLElement));

/** An element of r2wc's class for those props, and what its renderer was asked to do, in order. */
function recordedElement(attributes: Record<string, string> = {}) {
  const calls: Call[] = [];
  const Element = core(
    function Component() {},
    { shadow: 'open', props: Object.fromEntries(PROP_NAMES.map((name) => [name, 'string'])) },
    {
      mount: (_container: unknown, _component: unknown, props: Record<string, unknown>) => (calls.push(['mount', { ...props }]), { mounted: true }),
      update: (_context: unknown, props: Record<string, unknown>) => void calls.push(['update', { ...props }]),
      unmount: () => void calls.push(['unmount']),
    },
  );
  initialAttributes = attributes;
  const element = new Element() as R2wcElement &
    Record<string, unknown> & { attributeChangedCallback(name: string, old: string | null, value: string | null): void };
  initialAttributes = {};
  return { element, calls, Element };
}

describe("r2wc's internals that r2wc-internals.ts relies on", () => {
  it('writeProp sets what the element property returns, without rendering; render hands it to the component', () => {
    const { element, calls } = recordedElement();
    writeProp(element, 'webhookBase', 'https://hooks.example.com/webhook/x');
    expect(element['webhookBase']).toBe('https://hooks.example.com/webhook/x');
    expect(calls).toEqual([]);
    render(element);
    writeProp(element, 'webhookBase', undefined);
    render(element);
    expect(calls.map(([kind, props]) => [kind, props?.['webhookBase']])).toEqual([
      ['mount', 'https://hooks.example.com/webhook/x'],
      ['update', undefined],
    ]);
  });

  it('connectedCallback mounts, then only re-renders; disconnectedCallback unmounts at once; a new connection mounts again', () => {
    const { element, calls } = recordedElement();
    element.connectedCallback();
    element.connectedCallback();
    element.disconnectedCallback();
    element.connectedCallback();
    expect(calls.map(([kind]) => kind)).toEqual(['mount', 'update', 'unmount', 'mount']);
  });

  it('renderOnlyOnceConnected: no render before the first connection or after a disconnection; r2wc alone renders a detached element', () => {
    const alone = recordedElement();
    alone.element.attributeChangedCallback('webhook-base', null, 'https://a.example');
    expect(alone.calls.map(([kind]) => kind)).toEqual(['mount']);

    const { element, calls } = recordedElement();
    renderOnlyOnceConnected(element);
    element.attributeChangedCallback('webhook-base', null, 'https://a.example');
    render(element);
    element['voiceAvoidEval'] = 'true'; // r2wc's property setter renders too
    expect(calls).toEqual([]);
    element.connectedCallback();
    expect(calls.map(([kind, props]) => [kind, props?.['webhookBase']])).toEqual([['mount', 'https://a.example']]);
    element.disconnectedCallback();
    render(element);
    expect(calls.map(([kind]) => kind)).toEqual(['mount', 'unmount']);
  });

  it("r2wc's own attributeChangedCallback keeps a removed attribute's old value and skips an empty one (why element.ts replaces it)", () => {
    const { element, Element } = recordedElement();
    expect((Element as unknown as { observedAttributes: string[] }).observedAttributes).toEqual(['webhook-base', 'voice-avoid-eval']);
    element.attributeChangedCallback('webhook-base', null, 'https://a.example');
    element.attributeChangedCallback('webhook-base', 'https://a.example', null);
    element.attributeChangedCallback('voice-avoid-eval', null, '');
    expect([element['webhookBase'], element['voiceAvoidEval']]).toEqual(['https://a.example', undefined]);
  });

  it("r2wc's constructor reads the attributes present, skipping empty ones (why connectedCallback reads them all again)", () => {
    const { element } = recordedElement({ 'webhook-base': 'https://b.example', 'voice-avoid-eval': '' });
    expect([element['webhookBase'], element['voiceAvoidEval']]).toEqual(['https://b.example', undefined]);
  });

  it("the widget's r2wc (react-to-web-component) builds its element on that core: writeProp reaches its properties", () => {
    const Element = r2wcElementClass(function Component() {
      return null;
    }, PROP_NAMES);
    const element = new Element() as R2wcElement & Record<string, unknown>;
    writeProp(element, 'voiceAvoidEval', '');
    expect(element['voiceAvoidEval']).toBe('');
    expect((Element as unknown as { observedAttributes: string[] }).observedAttributes).toEqual(['webhook-base', 'voice-avoid-eval']);
  });
});
