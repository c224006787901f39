import type { Page } from 'playwright-core';

/** The widget's elements (and ::before/::after) animating or transitioning now, e.g. `span.stage-mark: animation spin`. */
export function movingParts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const seconds = (list: string) => list.split(',').map((value) => parseFloat(value) * (value.trim().endsWith('ms') ? 0.001 : 1));
    for (const host of document.querySelectorAll('franchise-ai-demo')) {
      for (const element of host.shadowRoot!.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(element, pseudo);
          const name = `${element.localName}${[...element.classList].map((c) => `.${c}`).join('')}${pseudo ?? ''}`;
          if (style.animationName !== 'none' && seconds(style.animationDuration).some((s) => s > 0)) found.push(`${name}: animation ${style.animationName}`);
          if (style.transitionProperty !== 'none' && seconds(style.transitionDuration).some((s) => s > 0))
            found.push(`${name}: transition ${style.transitionProperty}`);
        }
      }
    }
    return found;
  });
}
