import r2wc from '@r2wc/react-to-web-component';

// Every reliance on r2wc's private state, in one place. r2wc-internals.test.ts checks each line
// below against the installed @r2wc/react-to-web-component 2.1.1 (its @r2wc/core 1.3.1) and fails
// when any of it changes; package.json pins the range to what was tested. Relied on:
// - `Symbol.for('r2wc.props')`: the element's own object that r2wc hands the component as props and
//   that the element's properties (`webhookBase`, ...) read;
// - `Symbol.for('r2wc.render')`: the method that mounts the component (the first time) or re-renders
//   it with that object;
// - `connectedCallback()` renders; `disconnectedCallback()` unmounts at once, and a connection
//   without a disconnection between only re-renders;
// - `attributeChangedCallback()` is where r2wc reads changed attributes (it skips removed and empty
//   values), so an override replaces r2wc's handling whole;
// - its constructor reads the attributes present then, skipping empty ones;
// - `Symbol.for('r2wc.connected')`: rendering does nothing while it is false. It starts true, so
//   r2wc renders an element that is not yet in the document; `connectedCallback()` sets it true,
//   `disconnectedCallback()` false.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');
const CONNECTED = Symbol.for('r2wc.connected');

/** The lifecycle callbacks a subclass may extend (call `super`) or, for attributes, replace. */
export type R2wcElement = HTMLElement & {
  connectedCallback(): void;
  disconnectedCallback(): void;
};

type R2wcOptions<Props extends object> = NonNullable<Parameters<typeof r2wc<Props>>[1]>;
type R2wcState = { [PROPS]: Record<string, unknown>; [RENDER](): void; [CONNECTED]: boolean };

/** r2wc's element class for `component`, in an open shadow root, with one string prop per name. */
export function r2wcElementClass<Props extends object>(component: Parameters<typeof r2wc<Props>>[0], propNames: readonly string[]): new () => R2wcElement {
  return r2wc(component, {
    shadow: 'open',
    props: Object.fromEntries(propNames.map((name) => [name, 'string'])) as NonNullable<R2wcOptions<Props>['props']>,
  }) as unknown as new () => R2wcElement;
}

/** Sets one prop without rendering: the element's property reads it, the next render passes it on. */
export function writeProp(element: R2wcElement, name: string, value: string | undefined): void {
  (element as unknown as R2wcState)[PROPS][name] = value;
}

/** Renders with the current props: mounts the component the first time, re-renders it after. */
export function render(element: R2wcElement): void {
  (element as unknown as R2wcState)[RENDER]();
}

/**
 * For the constructor: no render until the first connection, so the component never runs (and
 * never dispatches an event) in an element that is not in the document.
 */
export function renderOnlyOnceConnected(element: R2wcElement): void {
  (element as unknown as R2wcState)[CONNECTED] = false;
}
