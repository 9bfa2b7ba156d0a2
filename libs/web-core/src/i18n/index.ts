import english from './en.json';
import { defineCatalogue } from './i18n';

export * from './i18n';
export * from './format';
export { antdLocale, prepareLanguage, switchLanguage } from './locale';
export { Trans, useTranslation } from 'react-i18next';

/** The shared words (formats, language names, error texts by code): `t('common:…')` from any namespace. */
export const useCommonT = defineCatalogue('common', english, { hi: () => import('./hi.json') });
