import { SafetyOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { MfaEnrolmentResponse } from '@portal/contracts';
import {
  errorMessage,
  login,
  sessionActions,
  useAppDispatch,
  useMfaEnrolmentMutation,
  useMfaVerifyMutation,
  useSession,
} from '@portal/web-core';
import { PlainButton } from '@portal/ui';
import { useShellT } from '../i18n';
import { TextInput } from './TextInput';

/**
 * An admin's second step, on the page they signed in from: a code from their authenticator app (or a recovery code);
 * without an authenticator yet, its QR code first, and after the first code the ten recovery codes, shown this once.
 * The session gets its token when the step succeeds (and the codes were seen).
 */
export function MfaStep() {
  const dispatch = useAppDispatch();
  const { t } = useShellT();
  const { token } = theme.useToken();
  // Shown only while the session waits for the second step.
  const mfa = useSession().mfa!;
  const [enrol, enrolling] = useMfaEnrolmentMutation();
  const [verify, verifying] = useMfaVerifyMutation();
  const [enrolment, setEnrolment] = useState<MfaEnrolmentResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ token: string; codes: string[] } | null>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (mfa.enrolled || asked.current) return;
    asked.current = true;
    enrol({ challenge: mfa.challenge })
      .unwrap()
      .then(setEnrolment, (e: unknown) => setError(errorMessage(e, t('mfa.failed'))));
  }, [enrol, mfa, t]);

  if (saved)
    return (
      <div>
        <p style={{ marginTop: 0 }}>{t('mfa.codesIntro')}</p>
        <ul
          aria-label={t('mfa.codesLabel')}
          style={{
            columns: 2,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
            fontSize: token.fontSizeLG,
            padding: token.paddingSM,
            margin: `0 0 ${token.marginLG}px`,
            listStyle: 'none',
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
          }}
        >
          {saved.codes.map((c) => (
            <li key={c} style={{ padding: '2px 0' }}>
              {c}
            </li>
          ))}
        </ul>
        <PlainButton variant="primary" block size="large" onClick={() => dispatch(login({ token: saved.token }))}>
          {t('mfa.codesSaved')}
        </PlainButton>
      </div>
    );

  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!code.trim()) {
          setError(t('mfa.codeRequired'));
          return;
        }
        setError(null);
        try {
          const done = await verify({ challenge: mfa.challenge, code: code.trim() }).unwrap();
          if (done.recoveryCodes) setSaved({ token: done.token, codes: done.recoveryCodes });
          else await dispatch(login({ token: done.token }));
        } catch (err) {
          setError(errorMessage(err, t('mfa.failed')));
        }
      }}
    >
      {!mfa.enrolled && (
        <div style={{ marginBottom: token.marginLG }}>
          <p style={{ marginTop: 0 }}>{t('mfa.enrolIntro')}</p>
          {enrolment ? (
            <div style={{ textAlign: 'center' }}>
              <img
                src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
                alt={t('mfa.qrAlt')}
                width={200}
                height={200}
                style={{ background: '#fff', padding: 8, borderRadius: token.borderRadius }}
              />
              <p style={{ color: token.colorTextSecondary }}>
                {t('mfa.manual')}{' '}
                <code data-testid="mfa-secret" style={{ wordBreak: 'break-all', color: token.colorText }}>
                  {enrolment.secret}
                </code>
              </p>
            </div>
          ) : (
            enrolling.isLoading && <p role="status">{t('mfa.preparing')}</p>
          )}
        </div>
      )}
      <label htmlFor="mfa-code" style={{ display: 'block', paddingBottom: token.paddingXS }}>
        {mfa.enrolled ? t('mfa.codeLabel') : t('mfa.firstCodeLabel')}
      </label>
      <TextInput
        id="mfa-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        prefix={<SafetyOutlined aria-hidden />}
        autoComplete="one-time-code"
        inputMode={mfa.enrolled ? 'text' : 'numeric'}
        autoFocus
        invalid={!!error}
        aria-invalid={!!error}
        aria-describedby="mfa-code-error"
      />
      <div id="mfa-code-error" role="alert" style={{ color: token.colorError, minHeight: token.controlHeightSM }}>
        {error}
      </div>
      <PlainButton variant="primary" submit block size="large" loading={verifying.isLoading}>
        {t('mfa.submit')}
      </PlainButton>
      <div style={{ display: 'flex', justifyContent: 'center', marginTop: token.marginSM }}>
        <PlainButton variant="link" onClick={() => dispatch(sessionActions.mfaCancelled())}>
          {t('mfa.cancel')}
        </PlainButton>
      </div>
    </form>
  );
}
