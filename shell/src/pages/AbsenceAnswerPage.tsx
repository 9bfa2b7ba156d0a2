import { Button, Form, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import type { AbsenceLinkAnswerRequest, AbsenceLinkResponse, MessageResponse } from '@portal/contracts';
import { AbsenceAnswerFields, type AbsenceAnswerValues } from '@portal/attendance';
import { api, calendarDay, errorMessage, Link, useSearchParams } from '@portal/web-core';
import { useShellT } from '../i18n';
import { AuthShell } from './AuthShell';

// The absence notice e-mail's link: no session, the token is the right (single use, 7 days).
const absenceLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    absenceLink: build.query<AbsenceLinkResponse, string>({
      query: (token) => ({ url: '/absence-link', method: 'POST', body: { token } }),
    }),
    answerAbsenceLink: build.mutation<MessageResponse, AbsenceLinkAnswerRequest>({
      query: (body) => ({ url: '/absence-link/answer', method: 'POST', body }),
    }),
  }),
});

/** /absence-answer?token=...: a guardian tells the school why their child was absent, without signing in. */
export function AbsenceAnswerPage() {
  const { t } = useShellT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const about = absenceLinkApi.useAbsenceLinkQuery(token, { skip: !token });
  const [answer, { isLoading }] = absenceLinkApi.useAnswerAbsenceLinkMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = t('common:errors.ABSENCE_LINK_INVALID');

  const signIn = (
    <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
      <Link to="/login">{t('absence.signIn')}</Link>
    </Typography.Paragraph>
  );
  if (!token || about.isError)
    return (
      <AuthShell title={t('absence.title')} subtitle={t('absence.linkProblem')}>
        <Typography.Paragraph role="alert">
          {token ? errorMessage(about.error, t('absence.loadFailed')) : invalid}
        </Typography.Paragraph>
        {signIn}
      </AuthShell>
    );
  if (!about.data)
    return (
      <AuthShell title={t('absence.title')} subtitle={t('absence.loading')}>
        <Skeleton active paragraph={{ rows: 4 }} />
      </AuthShell>
    );
  const { childName, date } = about.data;
  const subtitle = t('absence.subtitle', { name: childName, day: calendarDay(date).format(t('absence.dayFormat')) });
  if (done)
    return (
      <AuthShell title={t('absence.thanksTitle')} subtitle={subtitle}>
        <Typography.Paragraph role="status">{t('absence.thanks')}</Typography.Paragraph>
        {signIn}
      </AuthShell>
    );
  return (
    <AuthShell title={t('absence.title')} subtitle={subtitle}>
      <Form<AbsenceAnswerValues>
        layout="vertical"
        requiredMark={false}
        onFinish={async (v) => {
          setFailure(null);
          try {
            await answer({ token, reason: v.reason, note: v.note?.trim() || undefined }).unwrap();
            setDone(true);
          } catch (e) {
            // The server's message (or, in Hindi, the code's text): the link used or expired, the day corrected.
            setFailure(errorMessage(e, t('absence.failed')));
          }
        }}
      >
        <AbsenceAnswerFields />
        {failure && (
          <Typography.Paragraph role="alert" type="danger">
            {failure}
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" block size="large" loading={isLoading}>
          {t('absence.submit')}
        </Button>
      </Form>
      {signIn}
    </AuthShell>
  );
}
