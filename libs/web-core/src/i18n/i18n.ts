import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { UserLanguage } from '@portal/contracts';

/** The portal's languages: English is in every download, the others come as their own chunks when chosen. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'हिन्दी' },
] as const satisfies readonly { code: UserLanguage; name: string }[];
export type Language = (typeof LANGUAGES)[number]['code'];
export type OtherLanguage = Exclude<Language, 'en'>;
export const LANGUAGE_KEY = 'language';

type Catalogue = Record<string, unknown>;
/** How a namespace fetches its catalogue in each language other than English: `{ hi: () => import('./hi.json') }`. */
export type CatalogueLoaders = Record<OtherLanguage, () => Promise<{ default: Catalogue }>>;

const loaders = new Map<string, CatalogueLoaders>();

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

/** The language chosen on this browser, else the browser's own when the portal has it, else English. */
export function readLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    /* private mode: nothing saved */
  }
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : 'en';
}

/** Fetches a namespace's catalogue in a language other than English from the chunk its owner registered. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = loaders.get(namespace)?.[language as OtherLanguage];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default as ResourceKey),
      (e: Error) => callback(e, null),
    );
  },
};

export const i18n = i18next.createInstance();
void i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: readLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: [],
    // English catalogues are added as their modules load; only the other languages go through the backend.
    partialBundledLanguages: true,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Registers a namespace (one per front-end area: its English catalogue bundled, the others loaded when chosen) and
 * returns its hook. `t('key')` reads this namespace, `t('common:key')` the core's shared words.
 */
export function defineCatalogue(namespace: string, english: Catalogue, others: CatalogueLoaders) {
  i18n.addResourceBundle('en', namespace, english, true, true);
  loaders.set(namespace, others);
  return () => useTranslation([namespace, 'common']);
}

/** Every registered namespace in `language`, fetched before the page switches to it (no half-translated screen). */
export function loadCatalogues(language: Language): Promise<void> {
  return i18n.loadLanguages(language).then(() => i18n.loadNamespaces([...loaders.keys()]));
}

/** Namespaces registered so far (the catalogue test checks each). */
export const registeredNamespaces = (): string[] => [...loaders.keys()];
