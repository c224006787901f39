/**
 * `text` as a Liquid template that renders to `text` itself. The voice provider runs the
 * assistant's prompt and first message through LiquidJS (docs.vapi.ai, "Variables"), so a visitor's
 * `{{ secret }}` or `{% raw %}`, typed into the form or read off a website, would be interpreted. Only
 * `{{` and `{%` open a tag, so each `{` before a `{` or a `%` is written as Liquid's own output of
 * that character, `{{ '{' }}`: no other tag can open, and every other character, the prompts' own
 * words among them, is left as it is. Rendered with LiquidJS itself in voice-bodies.test.ts.
 */
export const liquidLiteral = (text: string): string => text.replace(/\{(?=[{%])/g, "{{ '{' }}");
