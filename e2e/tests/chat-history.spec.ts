import { expect, test, type APIRequestContext, type Page } from '../support/portal';
import { crc32, deflateSync } from 'node:zlib';
import { signedIn } from '../support/sign-in';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: 'Demo@2026' } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** A mentee of the demo mentor other than the demo mentee (whose chat other specs use), with no messages yet. */
async function quietMentee(request: APIRequestContext, token: string, skip: number) {
  const res = await request.get('/api/mentors/mentees', { headers: { authorization: `Bearer ${token}` } });
  type Mentee = { _id: string; fullName: string; userId: { email: string }; mentorId: { _id: string } };
  const mentees = ((await res.json()) as Mentee[]).filter((m) => m.userId.email !== 'mentee@example.edu');
  return mentees[skip];
}

/** A plain PNG of one colour, width × height (a real image, so the API's content check accepts it). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const distanceFromBottom = (page: Page) =>
  page.getByTestId('message-list').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

test('a conversation of 120 messages is scrolled back to its first message, page by page, without jumping', async ({
  browser,
  request,
}) => {
  const token = await tokenOf(request, 'mentor@example.edu');
  const mentee = await quietMentee(request, token, 0);
  const conversationId = `individual_${mentee._id}`;
  const label = (n: number) => `History message ${String(n).padStart(3, '0')}`;
  for (let n = 1; n <= 120; n++) {
    const res = await request.post('/api/messages', {
      headers: { authorization: `Bearer ${token}` },
      data: { conversationType: 'individual', conversationId, content: label(n) },
    });
    expect(res.status()).toBe(201);
  }

  const page = await signedIn(browser, 'mentor@example.edu');
  await page.goto(`/chat/${conversationId}`);
  const list = page.getByTestId('message-list');
  const messages = list.getByTestId('message');
  // The newest page: the last 50, opened at the newest message.
  await expect(messages.last()).toContainText(label(120));
  await expect(messages).toHaveCount(50);
  await expect(messages.first()).toContainText(label(71));
  await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
  await expect(list.getByText('Beginning of the conversation')).toHaveCount(0);
  await expect(list.getByTestId('day-separator')).toHaveText(['Today']);

  // To the top: the next page comes in above, and the message the user reached stays where it was on the screen.
  const offsetInList = (el: Element) =>
    el.getBoundingClientRect().top - el.closest('[data-testid="message-list"]')!.getBoundingClientRect().top;
  const seenAt = await messages
    .first()
    .evaluate(
      (el) =>
        el.getBoundingClientRect().top -
        el.closest('[data-testid="message-list"]')!.getBoundingClientRect().top +
        el.closest('[data-testid="message-list"]')!.scrollTop,
    );
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messages).toHaveCount(100);
  await expect(messages.first()).toContainText(label(21));
  const kept = list.getByTestId('message').filter({ hasText: label(71) });
  expect(Math.abs((await kept.evaluate(offsetInList)) - seenAt)).toBeLessThan(2);
  expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);

  // Once more: the last page, and the beginning of the conversation.
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messages).toHaveCount(120);
  await expect(list.getByText('Beginning of the conversation')).toBeVisible();
  await list.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(messages.first()).toContainText(label(1));
  await expect(messages.first()).toBeInViewport();
  // Every message once, in order.
  const texts = await messages.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  texts.forEach((t, i) => expect(t).toContain(label(i + 1)));

  // A new message still arrives live at the end of the full history.
  const reply = await request.post('/api/messages', {
    headers: { authorization: `Bearer ${await tokenOf(request, mentee.userId.email)}` },
    data: {
      conversationType: 'individual',
      conversationId: `individual_${mentee.mentorId._id}`,
      content: 'Live reply',
    },
  });
  expect(reply.status()).toBe(201);
  await expect(messages.last()).toContainText('Live reply');
  await expect(messages).toHaveCount(121);
  await page.context().close();
});

test('a thread that ends in an image opens scrolled to the very bottom once the image has loaded', async ({
  browser,
  request,
}) => {
  const token = await tokenOf(request, 'mentor@example.edu');
  const mentee = await quietMentee(request, token, 1);
  const conversationId = `individual_${mentee._id}`;
  const auth = { authorization: `Bearer ${token}` };
  for (let n = 1; n <= 30; n++)
    await request.post('/api/messages', {
      headers: auth,
      data: { conversationType: 'individual', conversationId, content: `Before the picture ${n}` },
    });
  const upload = await request.post('/api/messages/attachments', {
    headers: auth,
    multipart: {
      conversationType: 'individual',
      conversationId,
      file: { name: 'poster.png', mimeType: 'image/png', buffer: png(300, 600) },
    },
  });
  expect(upload.status()).toBe(201);
  const sent = await request.post('/api/messages', {
    headers: auth,
    data: { conversationType: 'individual', conversationId, content: '', attachmentId: (await upload.json())._id },
  });
  expect(sent.status()).toBe(201);

  const page = await signedIn(browser, 'mentor@example.edu');
  await page.goto(`/chat/${conversationId}`);
  const image = page.getByTestId('message-list').getByRole('img', { name: 'poster.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(600);
  await expect.poll(() => distanceFromBottom(page)).toBeLessThan(2);
  await expect(image).toBeInViewport({ ratio: 1 });
  await page.context().close();
});
