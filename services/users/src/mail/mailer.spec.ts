import { MailReceiver } from '@curbside/testing';
import { SmtpMailer } from './mailer';

describe(SmtpMailer.name, () => {
  it('sends the mail through the SMTP server of its URL, from its sender, with the subject, text and headers given', async () => {
    const server = await MailReceiver.start();
    try {
      const mailer = new SmtpMailer(server.url, 'Curbside <alerts@curbside.test>');
      await mailer.send({
        to: 'ann@example.test',
        subject: 'A lamp near you',
        text: 'Brass lamp, 0.3 miles away: http://localhost:3000/items/1',
        headers: { 'List-Unsubscribe': '<http://localhost:3000/unsubscribe/abc>' },
      });
      expect(server.received).toHaveLength(1);
      const [mail] = server.received;
      expect(mail.from).toBe('alerts@curbside.test');
      expect(mail.to).toEqual(['ann@example.test']);
      expect(mail.subject).toBe('A lamp near you');
      expect(mail.headers.get('list-unsubscribe')).toBe('<http://localhost:3000/unsubscribe/abc>');
      expect(mail.text).toContain('Brass lamp, 0.3 miles away: http://localhost:3000/items/1');
    } finally {
      await server.close();
    }
  });

  it('fails the send when nothing answers at its URL', async () => {
    const server = await MailReceiver.start();
    const url = server.url;
    await server.close();
    await expect(new SmtpMailer(url, 'alerts@curbside.test').send({ to: 'ann@example.test', subject: 's', text: 't' })).rejects.toThrow();
  });
});
