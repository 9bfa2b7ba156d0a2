import { theme } from 'antd';
import type { PrivacyNoticeResponse } from '@portal/contracts';
import { useFormat } from '@portal/web-core';
import { useGuardianT } from '../i18n';

/** The notice's text in a box of its own that scrolls (a focusable region, so a keyboard can scroll it too). */
export function NoticeText({ notice }: { notice: PrivacyNoticeResponse }) {
  const { t } = useGuardianT();
  const f = useFormat();
  const { token } = theme.useToken();
  return (
    <section
      tabIndex={0}
      aria-label={t('consent.noticeLabel', {
        version: notice.version,
        date: notice.publishedAt ? f.date(notice.publishedAt) : '',
      })}
      data-testid="privacy-notice"
      style={{
        maxHeight: '35vh',
        overflowY: 'auto',
        whiteSpace: 'pre-wrap',
        padding: 12,
        border: `1px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
      }}
    >
      {notice.text}
    </section>
  );
}
