// Where a page's analytics listens: document for widget events (bubble), window in capture, AT_TARGET only for events dispatched on window.
(() => {
  var names = ['step', 'submit', 'ready', 'call-requested', 'next-step', 'call-start', 'call-end', 'error'];
  var describe = (node) => (node === window ? 'window' : node.localName + (node.id ? `#${node.id}` : ''));
  window.__documentEvents = [];
  window.__windowEvents = [];
  names.forEach((name) => {
    var type = `franchise-ai-demo-${name}`;
    document.addEventListener(type, (event) => {
      window.__documentEvents.push({
        type: name,
        detail: JSON.parse(JSON.stringify(event.detail || null)),
        bubbles: event.bubbles,
        composed: event.composed,
        target: describe(event.target),
        dispatchedOn: describe(event.composedPath()[0]),
      });
    });
    window.addEventListener(
      type,
      (event) => {
        window.__windowEvents.push({ type: name, phase: event.eventPhase, target: describe(event.target) });
      },
      true,
    );
  });
})();
