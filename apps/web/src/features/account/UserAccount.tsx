'use client';
import { App, Avatar, Button, Col, Form, Input, Row, Select, Alert } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { DEFAULT_AVATAR, MESSAGES, updateUserSchema, type CurrentUser } from '@stagepass/shared';
import { compact, zodRules } from '@/lib/form-rules';
import { fieldErrors } from '@/lib/api';
import { useAppDispatch, useAppSelector } from '@/store';
import { patchCurrentUser, updateUser } from '@/store/user';
import { setAuthUser } from '@/store/auth';
import { genderOptions } from '@/features/auth/options';
import { useCountryOptions } from '@/features/auth/useCountries';
import FileUploadButton from './FileUploadButton';
import PasswordForm from './PasswordForm';
import SectionCard from './SectionCard';

interface Values {
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
  gender?: string;
  country?: string;
}
const S = updateUserSchema.shape;

export default function UserAccount({ initialUser }: { initialUser: CurrentUser }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.current) || initialUser;
  const updating = useAppSelector((s) => s.user.updating);
  const countries = useCountryOptions();
  const incomplete = !user.email || !user.username;

  const onFinish = async (v: Values) => {
    const r = await dispatch(updateUser(compact({ ...v, username: v.username?.trim().toLowerCase() }) as never));
    if (updateUser.fulfilled.match(r)) {
      dispatch(setAuthUser(r.payload));
      message.success(MESSAGES.changesSaved);
    } else {
      const fe = fieldErrors(r.payload?.body);
      if (Object.keys(fe).length) form.setFields(Object.entries(fe).map(([name, m]) => ({ name: name as keyof Values, errors: [m] })));
      message.error(r.payload?.message || MESSAGES.updateFailed);
    }
  };

  return (
    <div className="container page" style={{ maxWidth: 860 }}>
      <h1 className="page-title">Account settings</h1>
      <p className="page-lead">Manage your profile, photo and password.</p>
      {incomplete && (
        <Alert type="warning" showIcon style={{ marginBottom: 24 }} title="Finish setting up your account" description="Add a username and an e-mail address to start using your home feed." />
      )}
      <SectionCard title="Profile photo" description="A square picture works best. JPG, PNG or WebP up to 5 MB.">
        <div className="upload-tile">
          <Avatar src={user.avatar || DEFAULT_AVATAR} alt={`${user.name}'s avatar`} size={88} />
          <FileUploadButton<{ url: string }>
            endpoint="/users/avatar/upload"
            field="avatar"
            accept="image/jpeg,image/png,image/webp"
            maxMb={5}
            label="Upload new avatar"
            icon={<CameraOutlined />}
            onDone={(r) => dispatch(patchCurrentUser({ avatar: r.url }))}
          />
        </div>
      </SectionCard>
      <SectionCard title="Profile" description="This is how other people see you on the site.">
        <Form<Values>
          form={form}
          layout="vertical"
          name="profile"
          onFinish={onFinish}
          initialValues={{
            firstName: user.firstName ?? undefined,
            lastName: user.lastName ?? undefined,
            username: user.username ?? undefined,
            email: user.email ?? undefined,
            gender: user.gender ?? undefined,
            country: user.country ?? undefined,
          }}
        >
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="firstName" label="First name" rules={zodRules(S.firstName, { label: 'First name', required: true })}>
                <Input autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="lastName" label="Last name" rules={zodRules(S.lastName, { label: 'Last name', required: true })}>
                <Input autoComplete="family-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="username" label="Username" rules={zodRules(S.username, { label: 'Username', required: true })}>
                <Input prefix="@" autoComplete="username" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="email" label="E-mail" rules={zodRules(S.email, { label: 'E-mail', required: true })}>
                <Input type="email" autoComplete="email" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="gender" label="Gender" rules={zodRules(S.gender)}>
                <Select allowClear options={genderOptions} placeholder="Prefer not to say" aria-label="Gender" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="country" label="Country" rules={zodRules(S.country)}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={countries.options} loading={countries.isLoading} placeholder="Choose a country" aria-label="Country" />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={updating}>
            Save changes
          </Button>
        </Form>
      </SectionCard>
      <SectionCard title="Password" description="Changing it logs you out everywhere else.">
        <PasswordForm source="user" />
      </SectionCard>
    </div>
  );
}
