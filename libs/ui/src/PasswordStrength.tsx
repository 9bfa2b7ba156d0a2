import { Progress, theme } from 'antd';
import { useEffect, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '@portal/contracts';
import { useUiT } from './i18n';

type Scorer = (password: string) => { score: 0 | 1 | 2 | 3 | 4; feedback: { warning: string | null } };

// Keys of the catalogue's strength words, weakest first (zxcvbn's score 0–4).
const LEVELS = [
  'password.levels.veryWeak',
  'password.levels.weak',
  'password.levels.fair',
  'password.levels.strong',
  'password.levels.veryStrong',
] as const;

// zxcvbn-ts and its dictionaries load the first time a hint is shown, never with the page around it.
let scorer: Promise<Scorer> | undefined;
function loadScorer(): Promise<Scorer> {
  scorer ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(([core, common]) => {
    const factory = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary },
      graphs: common.adjacencyGraphs,
    });
    return (password: string) => factory.check(password) as ReturnType<Scorer>;
  });
  return scorer;
}

/** A strength hint under a new-password field: a bar and a word (zxcvbn's estimate), announced politely. */
export function PasswordStrength({ password }: { password: string | undefined }) {
  const { token } = theme.useToken();
  const { t } = useUiT();
  // The estimate of the password it was made for: a stale one is not shown while the next loads.
  const [result, setResult] = useState<{ password: string; score: number } | null>(null);
  useEffect(() => {
    let live = true;
    if (password)
      void loadScorer().then((check) => {
        if (!live) return;
        const r = check(password);
        setResult({ password, score: r.score });
      });
    return () => {
      live = false;
    };
  }, [password]);
  const ready = !!password && result?.password === password;
  const tooShort = !password || password.length < MIN_PASSWORD_LENGTH;
  const score = tooShort || !ready ? 0 : result.score;
  const colors = [token.colorError, token.colorError, token.colorWarning, token.colorSuccess, token.colorSuccess];
  // The hint's room is kept while there is nothing to show: appearing later, it would move the form's buttons under
  // a pointer or a finger about to press them.
  return (
    <div
      aria-live="polite"
      aria-hidden={!ready}
      style={{ marginTop: token.marginXXS, visibility: ready ? 'visible' : 'hidden' }}
    >
      <Progress
        percent={(score + 1) * 20}
        showInfo={false}
        size="small"
        strokeColor={colors[score]}
        // Named only when shown: a hidden bar named "Password strength" would be one more "Password" to find.
        aria-label={ready ? t('password.strength') : undefined}
      />
      <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {/* The level only: zxcvbn-ts's warnings come as untranslated keys ("similarToCommon") without a language pack. */}
        {ready ? t('password.strengthIs', { level: t(LEVELS[score]) }) : '\u00a0'}
      </div>
    </div>
  );
}
