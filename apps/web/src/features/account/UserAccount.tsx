'use client';
import { Avatar, Button, Form, Row, Alert } from 'antd';
import { useTranslations } from 'next-intl';
import { DEFAULT_AVATAR, updateUserSchema, type CurrentUser } from '@stagepass/shared';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { updateUser } from '@/store/user';
import { patchAuthUser } from '@/store/auth';
import { routes } from '@stagepass/shared/routes';
import { AvatarUploadButton } from './FileUploadButton';
import PasswordForm from './PasswordForm';
import LanguageSection from './LanguageSection';
import { useFormat } from '@/lib/format';
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
  const t = useTranslations('account');
  const tc = useTranslations('common');
  const f = useFormat();

  return (
    <div className={`container page ${width.w860}`}>
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      {incomplete && (
        <Alert type="warning" showIcon className={css.alert} title={t('incompleteTitle')} description={t('incompleteText')} />
      )}
      <SectionCard title={t('photoTitle')} description={t('photoText')}>
        <div className="upload-tile">
          <Avatar src={user.avatar || DEFAULT_AVATAR} alt={t('avatarAlt', { name: user.name })} size={88} />
          <AvatarUploadButton route={routes.users.uploadAvatar} onDone={(url) => dispatch(patchAuthUser({ avatar: url }))} />
        </div>
      </SectionCard>
      <SectionCard title={t('profileTitle')} description={t('profileText')}>
        <p className="muted" data-testid="member-since">{t('memberSince', { date: f.monthYear(user.createdAt) })}</p>
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
            <GenderSelect schema={S} placeholder={tc('genderPlaceholder')} />
            <CountrySelect schema={S} placeholder={tc('choosePlaceholder')} />
          </Row>
          <Button type="primary" htmlType="submit" loading={updating}>
            {tc('saveChanges')}
          </Button>
        </Form>
      </SectionCard>
      <LanguageSection />
      <SectionCard title={t('passwordTitle')} description={t('passwordText')}>
        <PasswordForm source="user" />
      </SectionCard>
      <SectionCard id="two-factor" title={t('twoFactorTitle')} description={t('twoFactorText')}>
        <TwoFactorSection />
      </SectionCard>
      <SectionCard id="notifications" title={t('notificationsTitle')} description={t('notificationsText')}>
        <NotificationPreferences user={user} />
      </SectionCard>
      {!user.isPerformer && (
        <SectionCard id="tax-residence" title={t('taxTitle')} description={t('taxText')}>
          <TaxResidenceForm />
        </SectionCard>
      )}
      <SectionCard id="your-data" title={t('dataTitle')} description={t('dataText')}>
        <YourData user={user} />
      </SectionCard>
    </div>
  );
}
