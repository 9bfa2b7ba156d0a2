import { SaveOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import type { SchoolCalendar, UpdateSchoolCalendarRequest } from '@portal/contracts';
import { errorMessage, notify, useFormat, weekdayOf } from '@portal/web-core';
import { useUpdateSchoolCalendarMutation } from '@portal/attendance';
import { emailAddressRule } from '@portal/ui';
import { useAdminT } from './i18n';
import { ISO } from './isoFormat';

/** Every IANA zone the browser knows, the saved one first among equals even if this browser lacks it. */
function timeZoneOptions(current: string | undefined) {
  const zones: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = current && !zones.includes(current) ? [current, ...zones] : zones;
  return all.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
}

interface SettingsValues {
  timezone: string;
  weekendDays: number[];
  termStart: Dayjs | null;
  termEnd: Dayjs | null;
  sickLeaveBackfillDays: number;
  contactEmail: string;
  quietStart: string;
  quietEnd: string;
  guardianDigestAt: string;
}

const toValues = (c: SchoolCalendar): SettingsValues => ({
  timezone: c.timezone,
  weekendDays: c.weekendDays,
  termStart: c.termStart ? dayjs(c.termStart) : null,
  termEnd: c.termEnd ? dayjs(c.termEnd) : null,
  sickLeaveBackfillDays: c.sickLeaveBackfillDays,
  contactEmail: c.contactEmail ?? '',
  quietStart: c.quietHours?.start ?? '',
  quietEnd: c.quietHours?.end ?? '',
  guardianDigestAt: c.guardianDigestAt,
});

/**
 * The school's time zone, weekend days, term, sick-leave window, office address (named in guardian e-mails) and quiet
 * hours (when guardians' e-mails other than safety notices wait).
 */
export function SettingsCard({ calendar }: { calendar: SchoolCalendar }) {
  const [form] = Form.useForm<SettingsValues>();
  const { t } = useAdminT();
  const f = useFormat();
  // Sunday first (dayjs's day 0), named in the current language.
  const weekdays = Array.from({ length: 7 }, (_, value) => ({
    value,
    label: weekdayOf(value).format(t('calendar.format.weekdayShort')),
    full: weekdayOf(value).format(t('calendar.format.weekdayLong')),
  }));
  const [update, { isLoading }] = useUpdateSchoolCalendarMutation();
  const zones = useMemo(() => timeZoneOptions(calendar.timezone), [calendar.timezone]);
  useEffect(() => form.setFieldsValue(toValues(calendar)), [calendar, form]);

  const onFinish = async (v: SettingsValues) => {
    const body: UpdateSchoolCalendarRequest = {
      timezone: v.timezone,
      weekendDays: [...v.weekendDays].sort(),
      termStart: v.termStart ? v.termStart.format(ISO) : null,
      termEnd: v.termEnd ? v.termEnd.format(ISO) : null,
      sickLeaveBackfillDays: v.sickLeaveBackfillDays,
      contactEmail: v.contactEmail?.trim() || null,
      quietHours: v.quietStart && v.quietEnd ? { start: v.quietStart, end: v.quietEnd } : null,
      guardianDigestAt: v.guardianDigestAt,
    };
    try {
      await update(body).unwrap();
      notify.success(t('calendar.settings.saved'));
    } catch (e) {
      notify.error(errorMessage(e, t('calendar.settings.saveFailed')));
    }
  };

  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('calendar.settings.title')}</h2>}>
      <Form<SettingsValues> form={form} layout="vertical" onFinish={onFinish} initialValues={toValues(calendar)}>
        <Form.Item
          label={t('calendar.settings.timezone')}
          name="timezone"
          extra={t('calendar.settings.today', { date: f.weekdayDate(calendar.today) })}
          rules={[{ required: true, message: t('calendar.settings.timezoneRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={zones}
            aria-label={t('calendar.settings.timezone')}
          />
        </Form.Item>
        <Form.Item
          label={t('calendar.settings.weekend')}
          name="weekendDays"
          extra={t('calendar.settings.weekendHelp')}
          rules={[
            {
              validator: (_, v: number[] | undefined) =>
                (v?.length ?? 0) < 7
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('calendar.settings.oneSchoolDay'))),
            },
          ]}
        >
          <Checkbox.Group aria-label={t('calendar.settings.weekend')}>
            <Flex wrap gap={4}>
              {weekdays.map((d) => (
                <Checkbox key={d.value} value={d.value} aria-label={d.full}>
                  {d.label}
                </Checkbox>
              ))}
            </Flex>
          </Checkbox.Group>
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('calendar.settings.termStart')} name="termStart">
              <DatePicker style={{ width: '100%' }} format={f.picker()} aria-label={t('calendar.settings.termStart')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('calendar.settings.termEnd')}
              name="termEnd"
              dependencies={['termStart']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v: Dayjs | null) => {
                    const start: Dayjs | null = getFieldValue('termStart');
                    return !v || !start || !v.isBefore(start, 'day')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('calendar.settings.termOrder')));
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} format={f.picker()} aria-label={t('calendar.settings.termEnd')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label={t('calendar.settings.backfill')}
          name="sickLeaveBackfillDays"
          extra={t('calendar.settings.backfillHelp')}
          rules={[{ required: true, message: t('calendar.settings.backfillRequired') }]}
        >
          <InputNumber
            min={0}
            max={365}
            precision={0}
            style={{ width: 140 }}
            aria-label={t('calendar.settings.backfill')}
          />
        </Form.Item>
        <Form.Item
          label={t('calendar.settings.contactEmail')}
          name="contactEmail"
          extra={t('calendar.settings.contactEmailHelp')}
          rules={[emailAddressRule(t('calendar.settings.contactEmailInvalid'))]}
        >
          <Input type="email" inputMode="email" autoComplete="off" maxLength={254} style={{ maxWidth: 360 }} />
        </Form.Item>
        <Form.Item label={t('calendar.settings.quietLabel')} extra={t('calendar.settings.quietHelp')}>
          <Flex gap={8} align="center" wrap>
            <Form.Item
              name="quietStart"
              noStyle
              dependencies={['quietEnd']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string) =>
                    !value !== !getFieldValue('quietEnd')
                      ? Promise.reject(new Error(t('calendar.settings.quietBoth')))
                      : value && value === getFieldValue('quietEnd')
                        ? Promise.reject(new Error(t('calendar.settings.quietSame')))
                        : Promise.resolve(),
                }),
              ]}
            >
              <Input type="time" aria-label={t('calendar.settings.quietStart')} style={{ width: 150 }} />
            </Form.Item>
            <span aria-hidden>–</span>
            <Form.Item name="quietEnd" noStyle dependencies={['quietStart']}>
              <Input type="time" aria-label={t('calendar.settings.quietEnd')} style={{ width: 150 }} />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item
          label={t('calendar.settings.digestLabel')}
          name="guardianDigestAt"
          extra={t('calendar.settings.digestHelp')}
          rules={[{ required: true, message: t('calendar.settings.digestRequired') }]}
        >
          <Input type="time" style={{ width: 150 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={isLoading}>
          {t('calendar.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
