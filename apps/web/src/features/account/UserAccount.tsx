'use client';
import { Avatar, Button, Form, Row, Alert } from 'antd';
import { DEFAULT_AVATAR, updateUserSchema, type CurrentUser } from '@stagepass/shared';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { updateUser } from '@/store/user';
import { patchAuthUser } from '@/store/auth';
import { routes } from '@stagepass/shared/routes';
import { AvatarUploadButton } from './FileUploadButton';
import PasswordForm from './PasswordForm';
import TwoFactorSection from '@/features/two-factor/TwoFactorSection';
import PendingEmailNotice from './PendingEmailNotice';
import NotificationPreferences from '@/features/notifications/NotificationPreferences';
import SectionCard from '@/components/SectionCard';
import YourData from '@/features/privacy/YourData';
import TaxResidenceForm from './TaxResidenceForm';
import { CountrySelect, GenderSelect, NameFields, UsernameEmailFields } from '@/components/form/profile-fields';
import { useProfileSubmit } from './useProfileSubmit';
import css from './account.module.css';
import width from '@/components/layouts/page-width.module.css';

interface Values {
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
  currentPassword?: string;
  gender?: string;
  country?: string;
}
const S = updateUserSchema.shape;

export default function UserAccount({ initialUser }: { initialUser: CurrentUser }) {
  const [form] = Form.useForm<Values>();
  const dispatch = useAppDispatch();
  const user = useCurrentUser() || initialUser;
  const updating = useAppSelector((s) => s.user.updating);
  const incomplete = !user.email || !user.username;
  const onFinish = useProfileSubmit(form, updateUser);

  return (
    <div className={`container page ${width.w860}`}>
      <h1 className="page-title">Account settings</h1>
      <p className="page-lead">Manage your profile, photo, password and notifications.</p>
      {incomplete && (
        <Alert type="warning" showIcon className={css.alert} title="Finish setting up your account" description="Add a username and an e-mail address to start using your home feed." />
      )}
      <SectionCard title="Profile photo" description="A square picture works best. JPG, PNG or WebP up to 5 MB.">
        <div className="upload-tile">
          <Avatar src={user.avatar || DEFAULT_AVATAR} alt={`${user.name}'s avatar`} size={88} />
          <AvatarUploadButton route={routes.users.uploadAvatar} onDone={(url) => dispatch(patchAuthUser({ avatar: url }))} />
        </div>
      </SectionCard>
      <SectionCard title="Profile" description="This is how other people see you on the site.">
        <PendingEmailNotice pendingEmail={user.pendingEmail} email={user.email} />
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
            <NameFields schema={S} />
            <UsernameEmailFields schema={S} current={{ username: user.username, email: user.email }} />
            <GenderSelect schema={S} placeholder="Prefer not to say" />
            <CountrySelect schema={S} placeholder="Choose a country" />
          </Row>
          <Button type="primary" htmlType="submit" loading={updating}>
            Save changes
          </Button>
        </Form>
      </SectionCard>
      <SectionCard title="Password" description="Changing it logs you out everywhere else.">
        <PasswordForm source="user" />
      </SectionCard>
      <SectionCard id="two-factor" title="Two-factor authentication" description="A code from your phone at every sign-in. Needed for the operator console.">
        <TwoFactorSection />
      </SectionCard>
      <SectionCard id="notifications" title="Notifications" description="What you hear about, in the app and by e-mail.">
        <NotificationPreferences user={user} />
      </SectionCard>
      {!user.isPerformer && (
        <SectionCard id="tax-residence" title="Tax residence" description="Where you live for sales tax: prices show the tax of this place. Without it, the country you browse from is used.">
          <TaxResidenceForm />
        </SectionCard>
      )}
      <SectionCard id="your-data" title="Your data" description="Download a copy of your data, or delete your account.">
        <YourData user={user} />
      </SectionCard>
    </div>
  );
}
