import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  BLOOD_GROUPS,
  type AdminProfile,
  type AnyProfile,
  type MenteeProfile,
  type MentorProfile,
  type Role,
  type UpdateProfileRequest,
} from '@portal/contracts';
import { emailAddressRule } from '@portal/ui';
import { DAY, isAfterSchoolToday, useFormat } from '@portal/web-core';
import { useAdminT } from './i18n';

/** Form values: lists are edited as comma-separated text, the date of birth with a date picker. */
export type ProfileFormValues = Omit<UpdateProfileRequest, 'subjects' | 'hobbies' | 'dateOfBirth'> & {
  subjects?: string;
  hobbies?: string;
  dateOfBirth?: Dayjs | null;
};

export const splitList = (s?: string) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

export function toFormValues(role: Role, p: AnyProfile | null): ProfileFormValues {
  if (!p) return {};
  if (role === 'mentor') {
    const m = p as MentorProfile;
    return {
      fullName: m.fullName,
      phone: m.phone,
      employeeId: m.employeeId,
      department: m.department,
      subjects: m.subjects.join(', '),
      qualifications: m.qualifications,
      citations: m.citations,
      experience: m.experience,
      officeHours: m.officeHours,
    };
  }
  if (role === 'mentee') {
    const m = p as MenteeProfile;
    return {
      fullName: m.fullName,
      phone: m.phone,
      studentId: m.studentId,
      class: m.class,
      section: m.section,
      academicYear: m.academicYear,
      dateOfBirth: m.dateOfBirth ? dayjs(m.dateOfBirth) : null,
      address: m.address,
      bloodGroup: m.bloodGroup,
      medicalConditions: m.medicalConditions,
      hobbies: m.hobbies.join(', '),
      parentInfo: m.parentInfo,
    };
  }
  const a = p as AdminProfile;
  return {
    fullName: a.fullName,
    phone: a.phone,
    department: a.department,
    position: a.position,
    employeeId: a.employeeId,
  };
}

export function toRequest(role: Role, v: ProfileFormValues): UpdateProfileRequest {
  if (role === 'mentor')
    return {
      fullName: v.fullName,
      phone: v.phone ?? '',
      employeeId: v.employeeId,
      department: v.department ?? '',
      subjects: splitList(v.subjects),
      qualifications: v.qualifications ?? '',
      citations: v.citations ?? '',
      experience: v.experience ?? 0,
      officeHours: v.officeHours ?? '',
    };
  if (role === 'mentee') {
    return {
      fullName: v.fullName,
      phone: v.phone ?? '',
      studentId: v.studentId,
      // A mentee recorded without them stays editable: empty ones are not sent (the API refuses to empty them).
      class: v.class?.trim() || undefined,
      section: v.section?.trim() || undefined,
      academicYear: v.academicYear ?? '',
      dateOfBirth: v.dateOfBirth ? v.dateOfBirth.format('YYYY-MM-DD') : null,
      address: v.address ?? '',
      bloodGroup: v.bloodGroup ?? null,
      medicalConditions: v.medicalConditions ?? '',
      hobbies: splitList(v.hobbies),
      parentInfo: Object.fromEntries(Object.entries(v.parentInfo ?? {}).filter(([, x]) => x !== undefined)),
    };
  }
  return {
    fullName: v.fullName,
    phone: v.phone ?? '',
    department: v.department ?? '',
    position: v.position ?? '',
    employeeId: v.employeeId,
  };
}

/**
 * The role-specific profile fields of SPEC.md section 3, with section 5's rules. A mentee's class and section are
 * required once recorded (never emptied); a mentee recorded without them can still be saved (the spec makes the edit
 * screens' fields optional), and toRequest leaves the empty ones out.
 */
export function ProfileFields({ role, profile }: { role: Role; profile?: AnyProfile | null }) {
  const { t } = useAdminT();
  const f = useFormat();
  const recorded = (profile ?? {}) as Partial<MenteeProfile>;
  const keepOnceSet = (field: 'class' | 'section', message: string) => ({
    required: !!recorded[field]?.trim(),
    whitespace: true,
    message,
  });
  const col = { xs: 24, md: 12 };
  return (
    <Row gutter={16}>
      <Col {...col}>
        <Form.Item
          label={t('users.fields.fullName')}
          name="fullName"
          rules={[{ required: true, whitespace: true, message: t('users.validation.fullNameRequired') }]}
        >
          <Input />
        </Form.Item>
      </Col>
      <Col {...col}>
        <Form.Item label={t('users.fields.phone')} name="phone">
          <Input />
        </Form.Item>
      </Col>
      {role !== 'mentee' && (
        <Col {...col}>
          <Form.Item label={t('users.fields.employeeId')} name="employeeId">
            <Input />
          </Form.Item>
        </Col>
      )}
      {role !== 'mentee' && (
        <Col {...col}>
          <Form.Item label={t('users.fields.department')} name="department">
            <Input />
          </Form.Item>
        </Col>
      )}
      {role === 'admin' && (
        <Col {...col}>
          <Form.Item label={t('users.fields.position')} name="position">
            <Input />
          </Form.Item>
        </Col>
      )}
      {role === 'mentor' && (
        <>
          <Col {...col}>
            <Form.Item label={t('users.fields.subjects')} name="subjects" extra={t('users.fields.subjectsExtra')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              label={t('users.fields.experience')}
              name="experience"
              rules={[{ type: 'number', min: 0, message: t('users.validation.experienceMin') }]}
            >
              <InputNumber precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              label={t('users.fields.officeHours')}
              name="officeHours"
              extra={t('users.fields.officeHoursExtra')}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.qualifications')} name="qualifications">
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('users.fields.citations')} name="citations">
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </>
      )}
      {role === 'mentee' && (
        <>
          <Col xs={24} md={8}>
            <Form.Item label={t('users.fields.studentId')} name="studentId">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              label={t('users.fields.class')}
              name="class"
              rules={[keepOnceSet('class', t('users.validation.classRequired'))]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              label={t('users.fields.section')}
              name="section"
              rules={[keepOnceSet('section', t('users.validation.sectionRequired'))]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('users.fields.academicYear')}
              name="academicYear"
              extra={t('users.fields.academicYearExtra')}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('users.fields.dateOfBirth')} name="dateOfBirth">
              <DatePicker
                style={{ width: '100%' }}
                format={f.picker()}
                disabledDate={(d) => isAfterSchoolToday(d.format(DAY))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('users.fields.bloodGroup')} name="bloodGroup">
              <Select allowClear options={BLOOD_GROUPS.map((b) => ({ value: b, label: b }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('users.fields.address')} name="address">
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.medicalConditions')} name="medicalConditions">
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.hobbies')} name="hobbies" extra={t('users.fields.hobbiesExtra')}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.fatherName')} name={['parentInfo', 'fatherName']}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.motherName')} name={['parentInfo', 'motherName']}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.primaryContact')} name={['parentInfo', 'primaryContact']}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.secondaryContact')} name={['parentInfo', 'secondaryContact']}>
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item
              label={t('users.fields.parentEmail')}
              name={['parentInfo', 'email']}
              rules={[emailAddressRule(t('users.validation.parentEmail'))]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col {...col}>
            <Form.Item label={t('users.fields.emergencyContact')} name={['parentInfo', 'emergencyContact']}>
              <Input />
            </Form.Item>
          </Col>
        </>
      )}
    </Row>
  );
}
