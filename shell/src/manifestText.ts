import { useMemo } from 'react';
import { useShellT } from './i18n';

type Section = 'menu' | 'refusals';

/**
 * The route manifests stay in English (menu labels, refusal texts): the shell's catalogue holds each text keyed by its
 * English, in `menu` and `refusals`. A text the catalogue does not know yet is shown as the manifest has it.
 */
export function useManifestText(): (section: Section, english: string) => string {
  const { t, i18n } = useShellT();
  const language = i18n.language;
  return useMemo(() => {
    // Read as whole sections: the English keys hold dots and colons that i18next would take for paths.
    const table = (section: Section) => {
      const found: unknown = t(section, { returnObjects: true, lng: language });
      return found && typeof found === 'object' ? (found as Record<string, unknown>) : {};
    };
    const tables = { menu: table('menu'), refusals: table('refusals') };
    return (section: Section, english: string) => {
      const text = tables[section][english];
      return typeof text === 'string' && text ? text : english;
    };
  }, [t, language]);
}
