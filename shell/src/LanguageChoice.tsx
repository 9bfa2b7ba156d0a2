import { chooseLanguage, LANGUAGES, useAppDispatch, useCommonT, type Language } from '@portal/web-core';
import { PlainButton } from '@portal/ui';

/**
 * The languages as a pair of buttons, each named in its own language (and marked with it, for screen readers). Plain
 * buttons rather than a dropdown (and PlainButton rather than antd's): the sign-in page shows them, and it is the first
 * page anyone downloads.
 */
export function LanguageChoice({ style }: { style?: React.CSSProperties }) {
  const { t, i18n } = useCommonT();
  const dispatch = useAppDispatch();
  return (
    <div role="group" aria-label={t('common:language.label')} style={{ display: 'flex', gap: 4, ...style }}>
      {LANGUAGES.map((l) => (
        <PlainButton
          key={l.code}
          size="small"
          variant={i18n.language === l.code ? 'primary' : 'text'}
          aria-pressed={i18n.language === l.code}
          lang={l.code}
          onClick={() => void dispatch(chooseLanguage(l.code as Language))}
        >
          {l.name}
        </PlainButton>
      ))}
    </div>
  );
}
