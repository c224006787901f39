import { beforeEach, describe, expect, test } from 'vitest';
import { WEBHOOK_PATHS } from '@franchise-ai/shared/constants';
import { issuedConsent, type IssuedConsent } from '@franchise-ai/shared/consent-words';
import { poll } from '@franchise-ai/test-support/poll';
import { consentBox, PHONE, reachCongratulations, VISITOR, type Texts } from '@franchise-ai/test-support/widget-flow';
import { copy } from '../../src/copy.ts';
import { frenchCopy } from '../../src/i18n/french-copy.ts';
import { openPhoneDialog } from '../support/steps.ts';
import { json, useStubHost } from '../support/stub-host.ts';
import { useSuite } from '../support/suite.ts';

// The consent words are the host's: a host that issues them in demo_form's answer (`calls.consent`,
// for the lead's language) has exactly those shown beside the box, its privacy policy linked, its
// label on the box, and `text` sent back as `consent.text`, whatever the page's company-name and
// privacy-url say. (A host that sends none keeps the widget's own words: consent.test.ts.)
const suite = useSuite({ hosts: {} });

/** What demo_form's answer says of the consent (the host's words for the language the widget sent). */
let issued: Record<'en' | 'fr', IssuedConsent>;

const stub = useStubHost((request, res) => {
  if (request.path.endsWith(WEBHOOK_PATHS.demoForm)) {
    const language = (JSON.parse(request.body) as { language?: 'en' | 'fr' }).language ?? 'en';
    return json(res, 200, {
      ok: true,
      calls: { recorded: true, countries: ['US', 'FR'], from: 'Host Calls Inc', consent: issued[language] },
      demoId: 'D'.repeat(22),
    });
  }
  if (request.path.endsWith(WEBHOOK_PATHS.websiteDemoCall)) return json(res, 200, { assistantId: 'asst_test_1' });
  json(res, 200, { status: 'placed', callId: 'call_1' });
});

beforeEach(() => {
  const terms = { companyName: 'Host Calls Inc', recorded: true, privacyUrl: 'https://host-calls.example/privacy' };
  issued = { en: issuedConsent('en', terms), fr: issuedConsent('fr', terms) };
});

describe("the host's consent words", () => {
  test.each<[string, 'en' | 'fr', Texts]>([
    ['English', 'en', copy],
    ['French', 'fr', frenchCopy],
  ])(
    '%s: shown as issued (disclosure, link, label) and sent back as consent.text, the page’s company-name and privacy-url aside',
    async (_label, language, texts) => {
      const attributes = { 'company-name': 'Page Co', 'privacy-url': '/page-privacy', lang: language };
      const { page, consoleErrors, pageErrors } = await suite.page({ webhookBase: stub.host.webhookBase, attributes, clock: true });
      await reachCongratulations(page, { ...VISITOR, email: `host-consent-${language}@acme.com` }, texts);
      const dialog = await openPhoneDialog(page, texts);
      const words = issued[language];
      const disclosure = dialog.locator('#fad-consent-text');
      expect(await disclosure.innerText()).toBe(`${words.disclosure} ${words.privacyLabel}`);
      const link = disclosure.getByRole('link', { name: words.privacyLabel });
      expect(await link.evaluate((anchor) => (anchor as HTMLAnchorElement).href)).toBe(words.privacyUrl);
      expect(await dialog.locator('label[for="fad-consent"]').innerText()).toBe(words.label);
      expect(await disclosure.innerText()).not.toContain('Page Co');
      await dialog.getByRole('textbox', { name: texts.phoneLabel, exact: true }).fill(PHONE.typed);
      await consentBox(page, texts).check();
      const calls = () => stub.host.requests.filter((request) => request.path.endsWith(WEBHOOK_PATHS.triggerDemoCall));
      const before = calls().length;
      await dialog.getByRole('button', { name: texts.scheduleCall, exact: true }).click();
      await poll(() => calls().length).toBe(before + 1);
      const body = JSON.parse(calls().at(-1)!.body) as { language?: string; consent: { given: boolean; text: string } };
      // English requests leave `language` out (the hosts' default).
      expect([body.language ?? 'en', body.consent]).toEqual([language, { given: true, text: words.text }]);
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    },
  );
});
