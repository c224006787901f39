// Right after the widget, like a partner's analytics: records the widget's events on the element and any CSP violation.
(() => {
  var names = ['step', 'submit', 'ready', 'call-requested', 'next-step', 'call-start', 'call-end', 'error'];
  window.__events = [];
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
  document.querySelectorAll('franchise-ai-demo').forEach((element) => {
    names.forEach((name) => {
      element.addEventListener(`franchise-ai-demo-${name}`, (event) => {
        window.__events.push({ type: name, detail: JSON.parse(JSON.stringify(event.detail || null)), time: Date.now() });
      });
    });
  });
})();
