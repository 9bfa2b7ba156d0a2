import { USER_LANGUAGES } from '@portal/contracts';
import { CATALOGUES, day, list, render, text } from './texts';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string' ? [[`${prefix}${k}`, v]] : [...flatten(v, `${prefix}${k}.`)],
    ),
  );
const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("the server's texts", () => {
  const en = flatten(CATALOGUES.en as Tree);

  it.each(USER_LANGUAGES.filter((l) => l !== 'en'))(
    '%s has every English key with the same placeholders, none empty',
    (language) => {
      const other = flatten(CATALOGUES[language] as Tree);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      const problems = [...en].flatMap(([key, english]) => {
        const translated = other.get(key) ?? '';
        if (!translated.trim()) return [`${key}: empty`];
        return placeholders(english).join() === placeholders(translated).join() ? [] : [`${key}: placeholders`];
      });
      expect(problems).toEqual([]);
    },
  );

  it('writes a message in English and in Hindi, with its values, plurals and translated parts', () => {
    const filed = text('notification.leaveFiled.title', {
      name: 'Asha Rao',
      type: text('leaveTypeInSentence.sick'),
    });
    expect(render(filed, 'en')).toBe('Asha Rao asked for sick leave');
    expect(render(filed, 'hi')).toBe('Asha Rao ने बीमारी की छुट्टी का अनुरोध किया');
    expect(render(text('chat.members', { count: 1 }), 'en')).toBe('1 member');
    expect(render(text('chat.members', { count: 4 }), 'en')).toBe('4 members');
    expect(render(text('chat.members', { count: 4 }), 'hi')).toBe('4 सदस्य');
  });

  it('writes a day as the pages do in each language; a stored value that is not a day stays as written', () => {
    const body = text('notification.leaveFiled.body', { start: day('2026-09-03'), end: day('2026-11-27') });
    expect(render(body, 'en')).toBe('3 Sep 2026 to 27 Nov 2026. It waits for your decision.');
    expect(render(body, 'hi')).toContain('3 सित. 2026');
    expect(render(body, 'hi')).toContain('27 नव. 2026');
    expect(render(text('notification.leaveFiled.body', { start: day('2026-02-30'), end: day('soon') }), 'en')).toBe(
      '2026-02-30 to soon. It waits for your decision.',
    );
  });

  it('joins lists with each language’s separator', () => {
    const evidence = list(
      [text('risk.noContactEver', { days: 30 }), text('risk.repeatedLeave', { count: 2, days: 30 })],
      'sentences',
    );
    const body = text('notification.risk.manyBody', { kinds: evidence });
    expect(render(body, 'en')).toBe('New signals: No contact logged in 30 days. 2 leave requests in the last 30 days.');
    expect(render(body, 'hi')).toBe('नए संकेत: 30 दिनों में कोई संपर्क दर्ज नहीं। पिछले 30 दिनों में छुट्टी के 2 अनुरोध।');
  });

  it('a stored English text stays as it is; an unknown language is English; a retired key gives the stored English', () => {
    expect(render('Your leave request was approved', 'hi')).toBe('Your leave request was approved');
    expect(render(text('chat.role.mentor'), 'fr')).toBe('Mentor');
    expect(render({ key: 'notification.gone' } as never, 'hi', 'As stored')).toBe('As stored');
    expect(render(null, 'hi', 'As stored')).toBe('As stored');
  });

  it("people's words are never read as messages or placeholders", () => {
    const said = text('notification.grievance.commentBody', { who: 'Asha', content: '$t(mail.hello) {{who}}' });
    expect(render(said, 'en')).toBe('Asha: $t(mail.hello) {{who}}');
  });
});
