import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { loadConfig } from '../config/app-config';
import { MailService } from './mail.service';

/** A mail server that accepts connections and never says a word (the outage that used to hold every worker). */
async function silentServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets: Socket[] = [];
  let count = 0;
  const server: Server = createServer((s) => {
    count += 1;
    sockets.push(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((r) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => r());
      }),
  };
}

describe('MailService: a silent mail server opens the circuit', () => {
  it('after three timeouts in a row, sends fail at once without connecting, and the service says it is paused', async () => {
    const smtp = await silentServer();
    const mail = new MailService(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: '/tmp',
        SMTP_URL: smtp.url,
        SMTP_TIMEOUT_MS: '200',
        SMTP_CIRCUIT_OPEN_MS: '60000',
      } as NodeJS.ProcessEnv),
    );
    try {
      const msg = { to: 'a@school.test', subject: 'S', text: 'T' };
      for (let i = 0; i < 3; i++) await expect(mail.send(msg)).rejects.toThrow(/greeting|timeout/i);
      expect(mail.paused).toBe(true);
      const before = smtp.connections();
      await expect(mail.send(msg)).rejects.toThrow(/open/i);
      expect(smtp.connections()).toBe(before);
    } finally {
      mail.onModuleDestroy();
      await smtp.close();
    }
  });
});
