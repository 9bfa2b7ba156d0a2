import { CloseOutlined, LoginOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ERROR_CODES, ErrorCode, type SignInOptionsResponse, type SignInPortal } from '@portal/contracts';
import { i18n, login, useAppDispatch, useSearchParams, useSignInOptionsQuery } from '@portal/web-core';
import { PlainButton } from '@portal/ui';
import { useShellT } from '../i18n';

/** Why a provider sign-in came back refused (`?error=` names the code): the page's own words for it. */
function refusalText(code: string, portal: SignInPortal): string {
  if (portal === 'admin' && code === ErrorCode.Forbidden) return i18n.t('common:validation.adminCredentials');
  const known = (ERROR_CODES as readonly string[]).includes(code) ? code : ErrorCode.ProviderSignInFailed;
  return i18n.t(`common:errors.${known}`);
}

/**
 * Sign-in with the school's account, beside the password form: the provider's button (when the portal has one), the
 * token collected when the provider sent the browser back (`?signin=provider`; the HttpOnly cookie names the sign-in),
 * and a refusal (`?error=`) explained until the person dismisses it. Answers what the sign-in pages offer, for the page
 * to decide on the password form.
 */
export function useProviderSignIn({
  portal,
  onSignedIn,
}: {
  portal: SignInPortal;
  /** The sign-in succeeded: the session holds the token, as after a password. */
  onSignedIn: (role: string) => void;
}): { options: SignInOptionsResponse | undefined; panel: ReactNode } {
  const dispatch = useAppDispatch();
  const { t } = useShellT();
  const { token } = theme.useToken();
  const { data: options } = useSignInOptionsQuery();
  const [params, setParams] = useSearchParams();
  const [refusal, setRefusal] = useState<string | null>(() => params.get('error'));
  const [collecting, setCollecting] = useState(params.get('signin') === 'provider');
  const asked = useRef(false);

  useEffect(() => {
    // The query is read once: the address keeps neither the refusal nor the sign-in step after a reload.
    if (params.has('error') || params.has('signin')) setParams({}, { replace: true });
    if (!collecting || asked.current) return;
    asked.current = true;
    void dispatch(login({ provider: true })).then((result) => {
      setCollecting(false);
      // An admin's second step, when asked for, shows in the page instead (the session holds its challenge).
      if (login.fulfilled.match(result)) {
        if ('user' in result.payload) onSignedIn(result.payload.user.role);
      } else setRefusal(result.meta.code ?? ErrorCode.ProviderSignInFailed);
    });
  }, [collecting, dispatch, onSignedIn, params, setParams]);

  const provider = options?.provider;
  const panel = (
    <>
      {refusal && (
        <div
          role="alert"
          style={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: token.marginXS,
            marginBottom: token.marginLG,
            padding: token.paddingSM,
            borderRadius: token.borderRadius,
            border: `1px solid ${token.colorErrorBorder}`,
            background: token.colorErrorBg,
            color: token.colorText,
          }}
        >
          <span style={{ flex: 1 }}>{refusalText(refusal, portal)}</span>
          <PlainButton
            variant="text"
            size="small"
            icon={<CloseOutlined aria-hidden />}
            aria-label={t('provider.dismiss')}
            onClick={() => setRefusal(null)}
          />
        </div>
      )}
      {(provider || collecting) && (
        <>
          <PlainButton
            block
            size="large"
            loading={collecting}
            icon={<LoginOutlined aria-hidden />}
            onClick={() => {
              // A navigation, not a call: the provider's page, then back to this page through the API's callback.
              window.location.assign(`/api/auth/oidc/login?portal=${portal}`);
            }}
          >
            {collecting ? t('provider.signingIn') : provider?.label}
          </PlainButton>
          {(portal === 'main' || options?.passwordSignIn === 'all') && (
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: token.marginSM,
                margin: `${token.marginLG}px 0`,
                color: token.colorTextSecondary,
              }}
            >
              <span role="presentation" style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
              {options?.passwordSignIn === 'students-only' ? t('provider.orStudents') : t('provider.or')}
              <span role="presentation" style={{ flex: 1, borderTop: `1px solid ${token.colorSplit}` }} />
            </div>
          )}
        </>
      )}
    </>
  );
  return { options, panel };
}
