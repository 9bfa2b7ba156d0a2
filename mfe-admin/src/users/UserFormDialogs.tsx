import { Col, Form, Input, Modal, Row, Select, Tag, type FormRule } from 'antd';
import { useEffect } from 'react';
import {
  type AdminUserListItem,
  EMAIL_PATTERN,
  ErrorCode,
  MSG,
  type RegisterRequest,
  type Role,
} from '@portal/contracts';
import { NewPasswordFields } from '@portal/ui';
import { errorCode, errorMessage, errorStatus, notify } from '@portal/web-core';
import { useCreateUserMutation, useUpdateUserEmailMutation, useUpdateUserProfileMutation } from '../adminApi';

const ROLE_OPTIONS = [
  { value: 'mentee', label: 'Mentee (student)' },
  { value: 'mentor', label: 'Mentor' },
  { value: 'admin', label: 'Admin' },
];
const required = (message: string) => [{ required: true, whitespace: true, message }];
const EMAIL_RULE = { pattern: EMAIL_PATTERN, message: MSG.emailInvalid };

/** SPEC.md section 5's message for a new user without e-mail and password, said once (under the e-mail). */
export const EMAIL_AND_PASSWORD_REQUIRED = 'Email and password are required';
const blank = (v: unknown) => !String(v ?? '').trim();
const emailRequired: FormRule = ({ getFieldValue }) => ({
  required: true,
  whitespace: true,
  message: blank(getFieldValue('password')) ? EMAIL_AND_PASSWORD_REQUIRED : MSG.emailRequired,
});
// With the e-mail also missing, the field is only marked: the e-mail's message already names both.
const passwordRequired: FormRule = ({ getFieldValue }) => ({
  validator: (_, v) =>
    v ? Promise.resolve() : Promise.reject(new Error(blank(getFieldValue('email')) ? '' : MSG.passwordRequired)),
});

/** The create message of SPEC.md section 8, by status. */
export function createUserError(e: unknown): string {
  const status = errorStatus(e);
  // The spec's text for a taken e-mail; other conflicts (a taken employee or student ID) say which.
  if (errorCode(e) === ErrorCode.EmailTaken || (status === 409 && !errorCode(e))) return MSG.emailTaken;
  if (status === 400) return errorMessage(e, 'Invalid user data provided');
  if (status && status >= 500) return 'Server error. Please try again later.';
  return errorMessage(e, 'Failed to create user');
}

export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<RegisterRequest>();
  const role = Form.useWatch('role', form) as Role | undefined;
  const [create, { isLoading }] = useCreateUserMutation();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async (values: RegisterRequest) => {
    try {
      await create(values).unwrap();
      notify.success('User created successfully');
      onClose();
    } catch (e) {
      notify.error(createUserError(e));
    }
  };

  return (
    <Modal
      open={open}
      title="Add New User"
      okText="Create User"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional">
        <Form.Item label="Role" name="role" rules={[{ required: true, message: 'Role is required' }]}>
          <Select options={ROLE_OPTIONS} placeholder="Choose a role" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Email" name="email" dependencies={['password']} rules={[emailRequired, EMAIL_RULE]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <NewPasswordFields required={passwordRequired} dependencies={['email']} />
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Full name" name="fullName" rules={required(MSG.fullNameRequired)}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Phone" name="phone" rules={required(MSG.phoneRequired)}>
              <Input />
            </Form.Item>
          </Col>
          {role === 'mentor' && (
            <>
              <Col xs={24} sm={12}>
                <Form.Item label="Department" name="department" rules={required(MSG.departmentRequired)}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Employee ID" name="employeeId" extra="Generated when left blank">
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
          {role === 'mentee' && (
            <>
              <Col xs={12} sm={6}>
                <Form.Item label="Class" name="class" rules={required(MSG.classRequired)}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={12} sm={6}>
                <Form.Item label="Section" name="section" rules={required(MSG.sectionRequired)}>
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item label="Student ID" name="studentId" extra="Generated when left blank">
                  <Input />
                </Form.Item>
              </Col>
            </>
          )}
          {role === 'admin' && (
            <>
              <Col xs={24} sm={8}>
                <Form.Item label="Department" name="department" initialValue="Administration">
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Position" name="position" initialValue="System Administrator">
                  <Input />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label="Employee ID" name="employeeId">
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
      notify.success('User updated successfully');
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to update user'));
    }
  };

  return (
    <Modal
      open
      title={`Edit ${user.fullName}`}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={emailState.isLoading || profileState.isLoading}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label="Role">
          <Tag style={{ textTransform: 'capitalize' }}>{user.role}</Tag>
        </Form.Item>
        <Form.Item
          label="Email"
          name="email"
          rules={[{ required: true, whitespace: true, message: MSG.emailRequired }, EMAIL_RULE]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Full name" name="fullName" rules={required(MSG.fullNameRequired)}>
          <Input />
        </Form.Item>
        <Form.Item label="Phone" name="phone">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
