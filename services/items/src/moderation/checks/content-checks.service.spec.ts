import { ContentChecks } from './content-checks.service';

describe('ContentChecks (rules)', () => {
  const checks = new ContentChecks();

  it('holds a text with a high-confidence hit and names the rule and the words', async () => {
    const verdict = await checks.check({ kind: 'item', text: 'Free sofa\nSend a $50 deposit by gift card to hold it' });
    expect(verdict.hold).toBe(true);
    expect(verdict.flags).toEqual(
      expect.arrayContaining([
        { ruleId: 'scam.gift-card', label: 'asks for gift cards', words: ['send a $50 deposit by gift card'], confidence: 'high', source: 'rules' },
      ]),
    );
  });

  it('publishes and flags a low-confidence hit', async () => {
    const verdict = await checks.check({ kind: 'item', text: 'Bottle of wine, unopened' });
    expect(verdict).toEqual({
      hold: false,
      flags: [{ ruleId: 'prohibited.alcohol', label: 'alcohol', words: ['wine'], confidence: 'low', source: 'rules' }],
    });
  });

  it('passes a clean text', async () => {
    expect(await checks.check({ kind: 'comment', text: 'Is the wine rack still there? I can come at 5.' })).toEqual({ hold: false, flags: [] });
  });
});
