/**
 * The Contact form's call (issue #55): POST /contact and /api/contact store a valid message, refuse a bad one naming
 * the field, answer an Idempotency-Key sent again without storing twice, limit each address, and, with SMTP_URL,
 * forward the message to a tiny SMTP server started here (the sender as Reply-To). PGlite only: one table, no SQL of
 * its own that the two databases could read differently.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/api-harness.ts';
import { http } from './support/http.ts';

interface Answer {
  success: boolean;
  message: string;
  errors?: { field: string; message: string }[];
}

const LIMIT = 4;
const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  subject: 'A correction',
  message: 'The Rosetta Stone was found in 1799.\nThank you!',
  ...overrides,
});

/** The smallest SMTP server nodemailer talks to: it accepts every message and keeps each one's DATA. */
function startSmtpServer(): Promise<{ port: number; messages: string[]; close: () => void }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let data: string | null = null;
    let buffered = '';
    socket.write('220 test SMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        messages,
        close: () => server.close(),
      }),
    ),
  );
}

describe('POST /contact', () => {
  let server: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestApi('pglite', {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      CONTACT_TO: 'team@heritage.test',
      CONTACT_LIMIT_PER_ADDRESS: String(LIMIT),
    });
  });
  afterAll(async () => {
    await server?.close();
    smtp?.close();
  });

  const stored = () => server.api.store.db.selectFrom('contact_messages').selectAll().execute();
  const send = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    http<Answer>(`${server.url}${path}`, { method: 'POST', json: body, headers });

  it('stores a message on both path shapes, refuses bad fields by name, replays an Idempotency-Key, then limits', async () => {
    const sent = await send('/api/contact', valid());
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toEqual({
      success: true,
      message: 'Message sent successfully! We will get back to you soon.',
    });
    expect((await send('/contact', valid({ subject: '  Another  ' }))).status).toBe(201);
    const rows = await stored();
    expect(rows.map((row) => row.subject)).toEqual(['A correction', 'Another']);
    expect(rows[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      sent_from: '127.0.0.1',
    });

    await expect.poll(() => smtp.messages.length).toBe(2);
    expect(smtp.messages[0]).toContain('To: team@heritage.test');
    expect(smtp.messages[0]).toMatch(/Reply-To: Ada Lovelace <ada@example\.test>/);
    expect(smtp.messages[0]).toContain('Subject: Contact: A correction');
    expect(smtp.messages[0]).toContain('The Rosetta Stone was found in 1799.');
    await expect.poll(async () => (await stored()).every((row) => row.forwarded_at !== null)).toBe(true);

    const refused = await send('/api/contact', valid({ name: ' ', email: 'not-an-email' }));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
    const control = await send('/api/contact', valid({ subject: 'Bell\u0007' }));
    expect(control.status).toBe(400);
    expect(control.body.errors?.[0]?.field).toBe('subject');
    expect((await stored()).length).toBe(2);

    // A refusal is answered before the limit counts; two sends so far, so the key's first send and its replay are
    // the third and fourth, the last allowed: the replay stores and forwards nothing.
    const key = { 'Idempotency-Key': 'contact-key-1' };
    expect((await send('/api/contact', valid({ subject: 'Once' }), key)).status).toBe(201);
    const replayed = await send('/api/contact', valid({ subject: 'Once' }), key);
    expect(replayed.status).toBe(201);
    expect(replayed.body.message).toBe('Message sent successfully! We will get back to you soon.');
    expect((await stored()).filter((row) => row.subject === 'Once')).toHaveLength(1);
    const tooMany = await send('/contact', valid({ subject: 'One more' }));
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toMatch(/^Too many messages: at most 4 a minute\. Try again in /);
    expect((await stored()).length).toBe(3);
    await expect.poll(() => smtp.messages.length).toBe(3);
  });
});
