import type { WidgetConfig } from '../../element/attribute-rules.ts';

/**
 * Whether the steps offer the browser call ('Test In Browser', 'Talk in your browser while you wait'):
 * only on a page that gave a `public-key`. Without one no browser call can start, so none is offered
 * and no assistant is asked for (website_demo_call makes one at the provider); the Test In Browser
 * card says why instead.
 */
export const browserCallOffered = (config: Pick<WidgetConfig, 'publicKey'>): boolean => config.publicKey !== null && config.publicKey !== '';
