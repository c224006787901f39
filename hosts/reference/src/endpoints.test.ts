import { describe, expect, it } from 'vitest';
import { matchWebhookPath } from './endpoints.ts';

describe('matchWebhookPath', () => {
  it.each([
    ['/webhook/acme/demo_form', { product: 'acme', endpoint: 'demo_form' }],
    ['/webhook/franchise-ai_2/website_demo_call', { product: 'franchise-ai_2', endpoint: 'website_demo_call' }],
    ['/webhook/acme/trigger_ai_demo_call', { product: 'acme', endpoint: 'trigger_ai_demo_call' }],
    ['/webhook/acme/demo_status', { product: 'acme', endpoint: 'demo_status' }],
    ['/webhook/acme/other', undefined],
    ['/webhook/acme/demo_form/', undefined],
    ['/webhook//demo_form', undefined],
    ['/webhook/a.b/demo_form', undefined],
    ['/hooks/acme/demo_form', undefined],
  ])('%s', (path, expected) => expect(matchWebhookPath(path)).toEqual(expected));
});
