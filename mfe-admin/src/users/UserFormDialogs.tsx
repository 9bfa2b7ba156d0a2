import { Col, Form, Input, Modal, Row, Select, Tag, type FormRule } from 'antd';
import { useEffect } from 'react';
import { type AdminUserListItem, ErrorCode, type RegisterRequest, type Role } from '@portal/contracts';
import { emailAddressRule, NewPasswordFields } from '@portal/ui';
import { errorCode, errorMessage, errorStatus, notify } from '@portal/web-core';
import { useAdminT } from './i18n';
import { useCreateUserMutation, useUpdateUserEmailMutation, useUpdateUserProfileMutation } from '../adminApi';

type T = ReturnType<typeof useAdminT>['t'];

const required = (message: string) => [{ required: true, whitespace: true, message }];
const emailRule = (t: T) => emailAddressRule(t('users.validation.emailInvalid'));

const blank = (v: unknown) => !String(v ?? '').trim();
/** SPEC.md section 5's message for a new user without e-mail and password, said once (under the e-mail). */
const emailRequired =
  (t: T): FormRule =>
  ({ getFieldValue }) => ({
    required: true,
    whitespace: true,
    message: blank(getFieldValue('password'))
      ? t('users.validation.emailAndPassword')
      : t('users.validation.emailRequired'),
  });
// With the e-mail also missing, the field is only marked: the e-mail's message already names both.
const passwordRequired =
  (t: T): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, v) =>
      v
        ? Promise.resolve()
        : Promise.reject(new Error(blank(getFieldValue('email')) ? '' : t('users.validation.passwordRequired'))),
  });

/** The create message of SPEC.md section 8, by status. */
export function createUserError(e: unknown, t: T): string {
  const status = errorStatus(e);
  // The spec's text for a taken e-mail; other conflicts (a taken employee or student ID) say which.
  if (errorCode(e) === ErrorCode.EmailTaken || (status === 409 && !errorCode(e)))
    return t('users.validation.emailTaken');
  if (status === 400) return errorMessage(e, t('users.dialogs.invalid'));
  if (status && status >= 500) return t('users.dialogs.serverError');
  return errorMessage(e, t('users.dialogs.createFailed'));
}

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useAdminT();
  const [form] = Form.useForm<RegisterRequest>();
  const role = Form.useWatch('role', form) as Role | undefined;
  const [create, { isLoading }] = useCreateUserMutation();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async (values: RegisterRequest) => {
    try {
      await create(values).unwrap();
      notify.success(t('users.dialogs.created'));
      onClose();
    } catch (e) {
      notify.error(createUserError(e, t));
    }
  };

  return (
    <Modal
      open={open}
      title={t('users.dialogs.addTitle')}
      okText={t('users.dialogs.create')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item
          label={t('users.fields.role')}
          name="role"
          rules={[{ required: true, message: t('users.validation.roleRequired') }]}
        >
          <Select
            options={[
              { value: 'mentee', label: t('users.dialogs.roles.mentee') },
              { value: 'mentor', label: t('users.dialogs.roles.mentor') },
              { value: 'admin', label: t('users.dialogs.roles.admin') },
            ]}
            placeholder={t('users.dialogs.chooseRole')}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('users.fields.email')}
              name="email"
              dependencies={['password']}
              rules={[emailRequired(t), emailRule(t)]}
            >
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <NewPasswordFields required={passwordRequired(t)} dependencies={['email']} />
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('users.fields.fullName')}
              name="fullName"
              rules={required(t('users.validation.fullNameRequired'))}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('users.fields.phone')}
              name="phone"
              rules={required(t('users.validation.phoneRequired'))}
            >
              <Input />
            </Form.Item>
          </Col>
          {role === 'mentor' && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item
                  label={t('users.fields.department')}
                  name="department"
                  rules={required(t('users.validation.departmentRequired'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label={t('users.fields.employeeId')} name="employeeId" extra={t('users.fields.generated')}>
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
          {role === 'mentee' && (
            <>
              <Col xs={12} sm={6}>
                <Form.Item
                  label={t('users.fields.class')}
                  name="class"
                  rules={required(t('users.validation.classRequired'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item
                  label={t('users.fields.section')}
                  name="section"
                  rules={required(t('users.validation.sectionRequired'))}
                >
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label={t('users.fields.studentId')} name="studentId" extra={t('users.fields.generated')}>
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
          {role === 'admin' && (
            <>
              <Col xs={24} sm={8}>
                <Form.Item label={t('users.fields.department')} name="department" initialValue="Administration">
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label={t('users.fields.position')} name="position" initialValue="System Administrator">
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label={t('users.fields.employeeId')} name="employeeId">
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
    </Modal>
  );
}

interface EditValues {
  email: string;
  fullName: string;
  phone: string;
}

/** Quick edit from a card: e-mail, name and phone. The role is shown but never changes. */
export function EditUserDialog({ user, onClose }: { user: AdminUserListItem | null; onClose: () => void }) {
  const { t } = useAdminT();
  const [form] = Form.useForm<EditValues>();
  const [updateEmail, emailState] = useUpdateUserEmailMutation();
  const [updateProfile, profileState] = useUpdateUserProfileMutation();
  useEffect(() => {
    if (user) form.setFieldsValue({ email: user.email, fullName: user.fullName, phone: user.phone });
  }, [user, form]);
  if (!user) return null;

  const submit = async (v: EditValues) => {
    try {
      if (v.email.trim().toLowerCase() !== user.email)
        await updateEmail({ id: user._id, email: v.email.trim() }).unwrap();
      if (v.fullName !== user.fullName || v.phone !== user.phone)
        await updateProfile({ id: user._id, body: { fullName: v.fullName, phone: v.phone } }).unwrap();
      notify.success(t('users.dialogs.updated'));
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, t('users.dialogs.updateFailed')));
    }
  };

  return (
    <Modal
      open
      title={t('users.dialogs.editTitle', { name: user.fullName })}
      okText={t('users.dialogs.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={emailState.isLoading || profileState.isLoading}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label={t('users.fields.role')}>
          <Tag style={{ textTransform: 'capitalize' }}>{t(`shared.roles.${user.role}`)}</Tag>
        </Form.Item>
        <Form.Item
          label={t('users.fields.email')}
          name="email"
          rules={[{ required: true, whitespace: true, message: t('users.validation.emailRequired') }, emailRule(t)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label={t('users.fields.fullName')}
          name="fullName"
          rules={required(t('users.validation.fullNameRequired'))}
        >
          <Input />
        </Form.Item>
        <Form.Item label={t('users.fields.phone')} name="phone">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
