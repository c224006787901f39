/** One warning per bad attribute value, however often the element renders: `warned` is the element's, shared by the shell and Preact. */
export function warnOnce(warned: Set<string>, message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[franchise-ai-demo] ${message}`);
}
