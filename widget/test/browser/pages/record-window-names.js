// Included before the widget's deferred script (isolation.test.ts): the window's own property
// names as the page has them without the widget, to hold the widget to adding none.
window.__windowNames = Object.getOwnPropertyNames(window).concat('__windowNames');
