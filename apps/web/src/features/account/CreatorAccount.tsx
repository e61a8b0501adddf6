'use client';
import { Avatar, Button, Flex, Form, Input, List, Row, Select, Tabs, Typography, Alert } from 'antd';
import { FileProtectOutlined, PictureOutlined, VideoCameraOutlined, EyeOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import Link from 'next/link';
import { DEFAULT_AVATAR, addressLabels, updatePerformerSchema, type PerformerProfile } from '@stagepass/shared';
import { routes } from '@stagepass/shared/routes';
import { useRoute } from '@/lib/swr';
import { zodRules } from '@/lib/form-rules';
import { useAppDispatch, useAppSelector, useCurrentUser } from '@/store';
import { updatePerformer } from '@/store/user';
import { patchAuthUser } from '@/store/auth';
import { ErrorState, FormSkeleton } from '@/components/states';
import FileUploadButton, { AvatarUploadButton, IMAGE_TYPES } from './FileUploadButton';
import PasswordForm from './PasswordForm';
import LanguageSection from './LanguageSection';
import TwoFactorSection from '@/features/two-factor/TwoFactorSection';
import PendingEmailNotice from './PendingEmailNotice';
import SectionCard from '@/components/SectionCard';
import YourData from '@/features/privacy/YourData';
import AdultProfileSwitch from '@/features/age/AdultProfileSwitch';
import { CountrySelect, FieldCol, GenderSelect, NameFields, OrientationSelect, UsernameEmailFields } from '@/components/form/profile-fields';
import { useProfileSubmit } from './useProfileSubmit';
import SubscriptionPricingForm from './SubscriptionPricingForm';
import TiersManager from '@/features/subscriptions/TiersManager';
import { VerificationBanner, VerificationTag } from './VerificationBanner';
import NotificationPreferences from '@/features/notifications/NotificationPreferences';
import MessagingSettingsForm from '@/features/messages/MessagingSettings';
import css from './account.module.css';
import width from '@/components/layouts/page-width.module.css';

const TAB_KEYS = ['profile', 'subscription', 'media', 'documents', 'password', 'notifications', 'messages'];

type Values = Partial<Record<'firstName' | 'lastName' | 'username' | 'email' | 'currentPassword' | 'gender' | 'country' | 'bio' | 'orientation' | 'dateOfBirth' | 'city' | 'state' | 'address' | 'zipcode', string>>;
const S = updatePerformerSchema.shape;

const FULL = { span: 24 };
const THIRD = { xs: 24, sm: 8 };

function ProfileForm({ profile, onSaved }: { profile: PerformerProfile; onSaved: (p: PerformerProfile) => void }) {
  const [form] = Form.useForm<Values>();
  const updating = useAppSelector((s) => s.user.updating);
  const init: Values = {};
  for (const k of ['firstName', 'lastName', 'username', 'email', 'gender', 'country', 'bio', 'orientation', 'dateOfBirth', 'city', 'state', 'address', 'zipcode'] as const) {
    const v = profile[k];
    if (typeof v === 'string' && v) init[k] = k === 'dateOfBirth' ? v.slice(0, 10) : v;
  }
  const onFinish = useProfileSubmit(form, updatePerformer, onSaved);
  // "Province" in Canada, "State" in the United States, "Postcode" in the United Kingdom…
  const labels = addressLabels(Form.useWatch('country', form) ?? profile.country);
  return (
    <Form<Values> form={form} layout="vertical" name="creator-profile" initialValues={init} onFinish={onFinish}>
      <PendingEmailNotice pendingEmail={profile.pendingEmail} email={profile.email} />
      <Row gutter={16}>
        <NameFields schema={S} />
        <UsernameEmailFields schema={S} usernameExtra="Your page address" current={{ username: profile.username, email: profile.email }} />
        <FieldCol col={FULL} name="bio" label="Bio" rules={zodRules(S.bio)}>
          <Input.TextArea rows={4} showCount maxLength={2000} placeholder="Tell fans what you create and what they get when they subscribe." />
        </FieldCol>
        <GenderSelect schema={S} col={THIRD} />
        <OrientationSelect schema={S} col={THIRD} />
        <FieldCol col={THIRD} name="dateOfBirth" label="Date of birth" rules={zodRules(S.dateOfBirth)}>
          <Input type="date" />
        </FieldCol>
        <CountrySelect schema={S} />
        <FieldCol name="state" label={labels.subdivision} rules={zodRules(S.state)}>
          <Input autoComplete="address-level1" />
        </FieldCol>
        <FieldCol name="city" label="City" rules={zodRules(S.city)}>
          <Input autoComplete="address-level2" />
        </FieldCol>
        <FieldCol name="zipcode" label={labels.postalCode} rules={zodRules(S.zipcode)}>
          <Input autoComplete="postal-code" />
        </FieldCol>
        <FieldCol col={FULL} name="address" label="Address" rules={zodRules(S.address)} extra="Private — never shown on your page.">
          <Input autoComplete="street-address" />
        </FieldCol>
      </Row>
      <Button type="primary" htmlType="submit" loading={updating}>
        Save changes
      </Button>
    </Form>
  );
}

function Documents({ profile, onChange }: { profile: PerformerProfile; onChange: () => void }) {
  const [kind, setKind] = useState('documentVerification');
  return (
    <>
      <List
        locale={{ emptyText: 'No documents uploaded yet.' }}
        dataSource={profile.documents}
        renderItem={(d) => (
          <List.Item>
            <List.Item.Meta avatar={<FileProtectOutlined className={css.docIcon} />} title={d.name} description={`${d.kind === 'idVerification' ? 'Selfie with ID' : 'ID document'} · ${new Date(d.createdAt).toLocaleDateString()}`} />
          </List.Item>
        )}
        className={css.docList}
      />
      <Flex gap={12} wrap align="flex-start">
        <Select
          value={kind}
          onChange={setKind}
          aria-label="Document type"
          className={css.docType}
          options={[
            { value: 'documentVerification', label: 'ID document' },
            { value: 'idVerification', label: 'Selfie with ID' },
          ]}
        />
        <FileUploadButton route={routes.performers.uploadDocument} field="file" fields={{ kind }} accept="image/jpeg,image/png,image/webp,application/pdf" maxMb={10} label="Upload document" onDone={onChange} />
      </Flex>
    </>
  );
}

export default function CreatorAccount({ initialProfile }: { initialProfile: PerformerProfile | null }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, mutate } = useRoute(routes.performers.me, {}, { fallbackData: initialProfile ?? undefined, revalidateOnMount: !initialProfile });
  const profile = data;
  const me = useCurrentUser();
  // `?tab=subscription` (links from the money screens) opens that tab.
  const [tab, setTab] = useState('profile');
  // /creator/account#two-factor opens the Security tab (the payout screens link there).
  useEffect(() => {
    if (window.location.hash === '#two-factor') setTab('password');
    if (window.location.hash === '#your-data') setTab('your-data');
  }, []);
  useEffect(() => {
    const want = new URLSearchParams(window.location.search).get('tab');
    if (want && TAB_KEYS.includes(want)) setTab(want);
  }, []);
  const saved = (p: Partial<PerformerProfile>) => {
    // The first render shows the server's profile as SWR `fallbackData`, which is not in the cache:
    // patch what is on screen, else a new cover / welcome video never appeared after its upload.
    void mutate((cur) => {
      const base = cur ?? data;
      return base ? { ...base, ...p } : base;
    }, { revalidate: false });
    dispatch(patchAuthUser(p));
  };

  if (!profile && isLoading)
    return (
      <div className={`container page ${width.w920}`}>
        <FormSkeleton rows={8} />
      </div>
    );
  if (!profile)
    return (
      <div className={`container page ${width.w920}`}>
        <ErrorState title="We couldn't load your creator profile" message={error ? (error as { message?: string }).message : undefined} onRetry={() => void mutate()} />
      </div>
    );

  const pagePath = `/${profile.username || profile._id}`;
  return (
    <div className={`container page ${width.w920}`}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <h1 className="page-title">Creator settings</h1>
          <p className="page-lead">Your public page, media, identity documents and password.</p>
        </div>
        {profile.username && (
          <Link href={pagePath}>
            <Button icon={<EyeOutlined />}>View my page</Button>
          </Link>
        )}
      </Flex>
      {(!profile.email || !profile.username) && (
        <Alert type="warning" showIcon className={css.alert} title="Finish setting up your page" description="Add a username and an e-mail address so fans can find you." />
      )}
      <VerificationBanner state={profile.verification} onUpload={() => setTab('documents')} />
      <SectionCard title="Cover and avatar" description="Cover: a wide image (1500×500 is ideal). Avatar: square. JPG, PNG or WebP.">
        {/* the creator's own cover (dynamic) */}
        <div className={css.cover} style={{ backgroundImage: profile.cover ? `url(${profile.cover})` : undefined }} role="img" aria-label="Cover image" />
        <Flex gap={20} align="flex-end" wrap className={css.pictures}>
          <Avatar src={profile.avatar || DEFAULT_AVATAR} alt={`${profile.name}'s avatar`} size={96} className="profile-avatar" />
          <Flex gap={12} wrap className={css.pictureButtons}>
            <AvatarUploadButton route={routes.performers.uploadAvatar} onDone={(url) => saved({ avatar: url })} />
            <FileUploadButton route={routes.performers.uploadCover} field="cover" accept={IMAGE_TYPES} maxMb={10} label="Upload new cover" icon={<PictureOutlined />} successText="Cover updated" onDone={(r) => saved({ cover: r.url })} />
          </Flex>
        </Flex>
      </SectionCard>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'profile',
            label: 'Profile',
            children: (
              <>
                <SectionCard title="Profile" description="What fans see on your page.">
                  <ProfileForm profile={profile} onSaved={saved} />
                </SectionCard>
                <SectionCard title="Adult content" description="Where the law asks adult sites to check ages, fans verify their age before they see an adult profile.">
                  <AdultProfileSwitch />
                </SectionCard>
              </>
            ),
          },
          {
            key: 'subscription',
            label: 'Subscription',
            children: (
              <>
              <SectionCard title="Subscription" description="What fans pay each month to see your subscriber-only posts, and whether new subscribers can try you out for free.">
                <SubscriptionPricingForm performerId={profile._id} />
              </SectionCard>
              <SectionCard title="Tiers" description="Levels of subscription with their own price, badge and tier-locked content. Your default tier's price is your monthly price.">
                <TiersManager />
              </SectionCard>
              </>
            ),
          },
          {
            key: 'media',
            label: 'Welcome video',
            children: (
              <SectionCard title="Welcome video" description="A short clip shown to visitors of your page. MP4, WebM or MOV up to 200 MB.">
                {profile.welcomeVideo ? (
                  // eslint-disable-next-line jsx-a11y/media-has-caption -- a creator's upload: the site has no caption files to offer (no caption upload yet)
                  <video key={profile.welcomeVideo} src={profile.welcomeVideo} controls playsInline preload="metadata" aria-label="Your welcome video" className={css.video} />
                ) : (
                  <Typography.Paragraph type="secondary">No welcome video yet.</Typography.Paragraph>
                )}
                <FileUploadButton
                  route={routes.performers.uploadWelcomeVideo}
                  field="welcomeVideo"
                  accept="video/mp4,video/webm,video/quicktime"
                  maxMb={200}
                  label="Upload welcome video"
                  icon={<VideoCameraOutlined />}
                  successText="Welcome video uploaded — it now plays on your page"
                  onDone={(r) => saved({ welcomeVideo: r.url })}
                />
              </SectionCard>
            ),
          },
          {
            key: 'documents',
            label: 'Documents',
            children: (
              <SectionCard
                title="Identity documents"
                description={
                  <>
                    Status: <VerificationTag state={profile.verification} /> Only the site team can see these files.
                    {profile.verification.status === 'rejected' && profile.verification.note ? ` Reason: ${profile.verification.note}` : ''}
                  </>
                }
              >
                <Documents profile={profile} onChange={() => void mutate()} />
              </SectionCard>
            ),
          },
          {
            key: 'password',
            label: 'Security',
            children: (
              <>
                <SectionCard title="Password" description="Changing it logs you out everywhere else.">
                  <PasswordForm source="performer" />
                </SectionCard>
                <SectionCard id="two-factor" title="Two-factor authentication" description="A code from your phone at every sign-in. Needed to request payouts and change your payout details.">
                  <TwoFactorSection />
                </SectionCard>
              </>
            ),
          },
          {
            key: 'notifications',
            label: 'Notifications',
            children: (
              <>
                <LanguageSection />
                <SectionCard title="Notifications" description="What you hear about — tips, subscribers, comments, payouts — in the app, by e-mail and by push on your devices.">
                  <NotificationPreferences user={{ isPerformer: true }} />
                </SectionCard>
              </>
            ),
          },
          {
            key: 'your-data',
            label: 'Your data',
            children: (
              <SectionCard id="your-data" title="Your data" description="Download a copy of your data, or delete your account.">
                <YourData user={{ isPerformer: true, twoFactorEnabled: Boolean(me?.twoFactorEnabled) }} />
              </SectionCard>
            ),
          },
          {
            key: 'messages',
            label: 'Messages',
            children: (
              <SectionCard title="Messages" description="Who can start a conversation with you, and whether a tip must come first.">
                <MessagingSettingsForm />
              </SectionCard>
            ),
          },
        ]}
      />
    </div>
  );
}
