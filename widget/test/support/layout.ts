import type { Page } from 'playwright-core';

/** What sticks out sideways: the page scrolling, a shadow-root box beyond the viewport (the dialog too), or content spilling from its box. */
export function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (element: Element) =>
      `${element.localName}${[...element.classList].map((c) => `.${c}`).join('')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px in ${width}px`);
    for (const host of document.querySelectorAll('franchise-ai-demo')) {
      for (const element of host.shadowRoot!.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue; // not shown, or visually hidden on purpose
        if (box.left < -0.5 || box.right > width + 0.5) found.push(`${name(element)} spans ${Math.round(box.left)}..${Math.round(box.right)}px of ${width}px`);
        const style = getComputedStyle(element);
        // Inputs scroll their own text, and clipped boxes (the progress track) clip on purpose.
        if (element.localName !== 'input' && style.overflowX === 'visible' && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
          found.push(`${name(element)} content ${element.scrollWidth}px spills out of ${element.clientWidth}px`);
        }
      }
    }
    return found;
  });
}
