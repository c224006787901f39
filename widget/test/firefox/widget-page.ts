import type { ElementHandle, Page } from '@franchise-ai/test-support/firefox';
import { installPageClock, type PageClock } from './page-clock.ts';

// Firefox's accessibility tree (BiDi locateNodes) does not enter shadow roots from the document: every query starts at the widget's shadow root.

export type Scope = ElementHandle<Node>;
const byRole = (role: string, name: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
export const find = async (scope: Scope, role: string, name: string) => (await scope.waitForSelector(byRole(role, name)))!;
export const click = async (scope: Scope, role: string, name: string) => (await find(scope, role, name)).click();
export const typeInto = async (scope: Scope, name: string, text: string) => (await find(scope, 'textbox', name)).type(text);
export async function widgetRoot(page: Page): Promise<Scope> {
  const root = (await page.waitForFunction(() => document.querySelector('franchise-ai-demo')?.shadowRoot)).asElement();
  if (!root) throw new Error('the widget has no shadow root');
  return root as Scope;
}
export const dataStep = (page: Page) => page.$eval('franchise-ai-demo', (element) => element.getAttribute('data-step'));
export const fastForward = (page: Page, ms: number) => page.evaluate((by) => (window as unknown as { __clock: PageClock }).__clock.fastForward(by), ms);
/** A fresh page with the page clock, recording its console errors and page errors. */
export async function openPage(page: Page, url: string): Promise<{ consoleErrors: string[]; pageErrors: string[] }> {
  page.setDefaultTimeout(10_000);
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on('console', (message) => {
    if (process.env['FAD_DEBUG']) console.log(`[firefox ${message.type()}] ${message.text()}`);
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error)));
  await page.evaluateOnNewDocument(installPageClock);
  await page.goto(url);
  return { consoleErrors, pageErrors };
}
/** What has the keyboard in the widget: the focused element's id, or its text. */
export const focusedIn = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector('franchise-ai-demo')?.shadowRoot?.activeElement as HTMLElement | null | undefined;
    return active ? active.id || active.textContent?.trim() || active.tagName : null;
  });
