import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { SmtpMailer } from './mailer';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * Just enough of an SMTP server on loopback for one client: it greets, accepts every command and keeps each mail's
 * envelope and text. No authentication, no TLS (nodemailer does not ask for STARTTLS unless the server offers it).
 */
async function smtpServer(): Promise<{ url: string; mails: Received[]; close(): Promise<void> }> {
  const mails: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let mail: Received = { from: '', to: [], data: '' };
    let inData = false;
    let pending = '';
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const address = line.match(/<(.*)>/)?.[1] ?? '';
        if (verb === 'EHLO') {
          socket.write('250-localhost\r\n250 8BITMIME\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          if (verb === 'MAIL') mail.from = address;
          if (verb === 'RCPT') mail.to.push(address);
          socket.write('250 ok\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe(SmtpMailer.name, () => {
  it('sends the mail through the SMTP server of its URL, from its sender, with the subject, text and headers given', async () => {
    const server = await smtpServer();
    try {
      const mailer = new SmtpMailer(server.url, 'Curbside <alerts@curbside.test>');
      await mailer.send({
        to: 'ann@example.test',
        subject: 'A lamp near you',
        text: 'Brass lamp, 0.3 miles away: http://localhost:3000/items/1',
        headers: { 'List-Unsubscribe': '<http://localhost:3000/unsubscribe/abc>' },
      });
      expect(server.mails).toHaveLength(1);
      const [mail] = server.mails;
      expect(mail.from).toBe('alerts@curbside.test');
      expect(mail.to).toEqual(['ann@example.test']);
      expect(mail.data).toMatch(/^Subject: A lamp near you$/m);
      expect(mail.data).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\/abc>$/m);
      expect(mail.data).toContain('Brass lamp, 0.3 miles away: http://localhost:3000/items/1');
    } finally {
      await server.close();
    }
  });

  it('fails the send when nothing answers at its URL', async () => {
    const server = await smtpServer();
    const url = server.url;
    await server.close();
    await expect(new SmtpMailer(url, 'alerts@curbside.test').send({ to: 'ann@example.test', subject: 's', text: 't' })).rejects.toThrow();
  });
});
