import type { WidgetConfig } from '../first-render/element/attribute-rules.ts';

/** Only with a `public-key` can a browser call start; without one no assistant is asked for (the host would make one). */
export const browserCallOffered = (config: Pick<WidgetConfig, 'publicKey'>): boolean => config.publicKey !== null && config.publicKey !== '';
