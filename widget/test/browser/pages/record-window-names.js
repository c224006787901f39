// Before the widget's script (isolation.test.ts): the window's own property names, to hold the widget to adding none.
window.__windowNames = Object.getOwnPropertyNames(window).concat('__windowNames');
