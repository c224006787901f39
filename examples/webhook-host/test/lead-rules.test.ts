import { describe, expect, it } from 'vitest';
import { checkLead, LEAD_REASONS } from '@franchise-ai/shared/lead-rules';
import { fetchLeads } from '@franchise-ai/test-support/leads';
import { useHost } from '@franchise-ai/test-support/webhook-host';
import { jsonOf, postJson, rowCount, validLead } from './helpers.ts';

// The host judges a lead by the rule set the widget checks before sending (shared lead-rules.ts):
// the same verdict and the same reason, so an input the widget lets through is one the host takes.
const host = useHost({ env: { RATE_LIMIT: 'off' } });

const EMOJI = '😀';

describe('the host and the widget judge a lead alike', () => {
  it.each<[string, Record<string, unknown>]>([
    ['jane@example', validLead({ email: 'jane@example' })],
    ['a 201-character name', validLead({ name: 'n'.repeat(201) })],
    ['a name of 201 emoji', validLead({ name: EMOJI.repeat(201) })],
    ['a website with a space in its host', validLead({ website: 'https://exa mple.com' })],
    ['a name of 120 emoji (120 characters)', validLead({ name: EMOJI.repeat(120) })],
    ['a name of exactly 200 characters', validLead({ name: 'n'.repeat(200) })],
  ])('%s', async (_label, body) => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, body);
    const check = checkLead(body);
    if (check.ok) {
      expect(response.status).toBe(200);
      expect(rowCount(host.databasePath)).toBe(before + 1);
    } else {
      expect(response.status).toBe(400);
      expect((await jsonOf(response))['fields']).toStrictEqual(check.fields);
      expect(rowCount(host.databasePath)).toBe(before);
    }
  });

  it('refuses a name and company of invisible characters only (zero-width space, Hangul filler, braille blank, BOM) as missing, storing nothing', async () => {
    const before = rowCount(host.databasePath);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name: '\u200b\u3164', company: '\u2800\ufeff' }));
    expect(response.status).toBe(400);
    expect((await jsonOf(response))['fields']).toStrictEqual({ name: LEAD_REASONS.nameRequired, company: LEAD_REASONS.companyRequired });
    expect(rowCount(host.databasePath)).toBe(before);
  });

  it("answers the visitor's reasons, worded as the widget shows them", async () => {
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ email: 'jane@example', company: 'c'.repeat(201) }));
    expect((await jsonOf(response))['fields']).toStrictEqual({ company: LEAD_REASONS.companyTooLong, email: LEAD_REASONS.emailInvalid });
  });

  it.each(['ftp://files.example', 'https://ftp://files.example', 'mailto:x@y.z'])(
    'refuses the website %j with the reason the widget shows, storing nothing',
    async (website) => {
      const before = rowCount(host.databasePath);
      const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ website }));
      expect(response.status).toBe(400);
      expect((await jsonOf(response))['fields']).toStrictEqual({ website: LEAD_REASONS.websiteScheme });
      expect(rowCount(host.databasePath)).toBe(before);
    },
  );

  it('stores a 120-emoji name whole', async () => {
    const name = EMOJI.repeat(120);
    const response = await postJson(`${host.webhookBase}/demo_form`, validLead({ name }));
    expect(response.status).toBe(200);
    const leads = await fetchLeads(host, 1);
    expect(leads[0]?.name).toBe(name);
  });
});
