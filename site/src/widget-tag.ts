// The widget's element name, as a partner page writes it. The site embeds the widget as a partner
// does, never importing its code, so it names the element itself, once.
export const WIDGET_TAG = 'franchise-ai-demo';
