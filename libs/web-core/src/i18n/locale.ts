import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { i18n, LANGUAGE_KEY, loadCatalogues, type Language } from './i18n';

dayjs.extend(localizedFormat);

/** antd's texts (pagination, pickers, empty tables) in each language; English is antd's own default. */
const antdLocales: Partial<Record<Language, Locale>> = {};

/** Fetches what `language` needs beyond English: catalogues, antd's and dayjs's texts. */
async function prepare(language: Language): Promise<void> {
  if (language === 'hi') {
    const [antd, day] = await Promise.all([
      import('antd/es/locale/hi_IN'),
      import('dayjs/locale/hi'),
      loadCatalogues('hi'),
    ]);
    antdLocales.hi = antd.default;
    // Registered on the page's one dayjs (a shared singleton), whichever copy the locale file imported.
    dayjs.locale(day.default, undefined, true);
  }
}

function apply(language: Language): void {
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** antd's locale for the current language (undefined: antd's English). */
export const antdLocale = (language: Language): Locale | undefined => antdLocales[language];

/** Before the first render: the saved language's texts are fetched, so the page never starts half in English. */
export async function prepareLanguage(): Promise<void> {
  const language = i18n.language as Language;
  try {
    await prepare(language);
    apply(language);
  } catch {
    // Offline or a failed chunk: English, which is always there.
    await i18n.changeLanguage('en');
    apply('en');
  }
}

/** Switches the whole page (every remote shares this instance) and remembers the choice on this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  await prepare(language);
  await i18n.changeLanguage(language);
  apply(language);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    /* not remembered in private mode */
  }
}
