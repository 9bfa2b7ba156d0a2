import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useThemeMode } from '@portal/web-core';
import { PlainButton } from '@portal/ui';
import { useShellT } from '../i18n';
import { LanguageChoice } from '../LanguageChoice';

/**
 * Centered card for the sign-in and registration screens. Drawn from theme tokens rather than antd's Card and
 * Typography (and its rows are plain flex boxes, not antd's Flex): those bring tabs, menus, tooltips and the text editor
 * along, and this is the first page anyone loads.
 */
export function AuthShell({
  title,
  subtitle,
  children,
  width = 420,
  badge,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  width?: number;
  badge?: ReactNode;
}) {
  const { token } = theme.useToken();
  const { darkMode, toggle } = useThemeMode();
  const { t } = useShellT();
  return (
    <div
      className="touch-targets"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '100vh',
        padding: 24,
        background: darkMode
          ? 'radial-gradient(circle at 20% 20%, #1e293b 0%, #0B1220 60%)'
          : 'radial-gradient(circle at 20% 20%, #dbeafe 0%, #F4F6FB 55%)',
      }}
    >
      {/* One row for the language and the theme: centred on one line, and never on top of each other on a phone. */}
      <div
        // The row lets clicks through between its two controls.
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          position: 'fixed',
          top: 12,
          left: 16,
          right: 16,
          zIndex: 1,
          pointerEvents: 'none',
        }}
      >
        <LanguageChoice style={{ pointerEvents: 'auto' }} />
        <PlainButton
          variant="text"
          circle
          icon={darkMode ? <SunOutlined aria-hidden /> : <MoonOutlined aria-hidden />}
          onClick={toggle}
          aria-label={darkMode ? t('theme.toLight') : t('theme.toDark')}
          style={{ pointerEvents: 'auto' }}
        />
      </div>
      <section
        style={{
          width: '100%',
          maxWidth: width,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: '0 20px 45px rgba(15, 23, 42, 0.12)',
        }}
      >
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4, marginBottom: 24 }}>
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 48,
              height: 48,
              borderRadius: 12,
              background: token.colorPrimary,
              color: '#fff',
              fontWeight: 700,
              fontSize: 22,
            }}
          >
            M
          </div>
          {badge}
          <h3
            style={{
              margin: '8px 0 0',
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {title}
          </h3>
          <span style={{ color: token.colorTextSecondary }}>{subtitle}</span>
        </div>
        {children}
      </section>
      <span style={{ color: token.colorTextSecondary, marginTop: 24, fontSize: 12 }}>{t('copyright')}</span>
    </div>
  );
}
