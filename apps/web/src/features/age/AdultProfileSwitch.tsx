'use client';
/**
 * A creator's "Adult profile" switch (PUT /age-verification/adult-profile): an adult profile and
 * everything it publishes are shown in places the site lists for age verification only to fans who
 * verified their age.
 */
import { useState } from 'react';
import { App, Switch, Typography } from 'antd';
import { routes } from '@stagepass/shared/routes';
import { call, errorText } from '@/lib/api';
import { useRoute } from '@/lib/swr';
import css from './age.module.css';

export default function AdultProfileSwitch() {
  const { message } = App.useApp();
  const { data, mutate } = useRoute(routes.age.state);
  const [busy, setBusy] = useState(false);
  const change = async (adult: boolean) => {
    setBusy(true);
    try {
      await mutate(await call(routes.age.adultProfile, { body: { adult } }), { revalidate: false });
      message.success(adult ? 'Your profile is marked adult' : 'Your profile is no longer marked adult');
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={css.panel}>
      <label className={css.picker} htmlFor="adult-profile">
        <span className={css.pickerLabel}>Adult profile</span>
        <Typography.Text type="secondary">
          Your page and all your posts, videos, galleries and products are adult content: where the law asks for it, fans see them only once their age is verified.
        </Typography.Text>
      </label>
      <Switch id="adult-profile" checked={data?.adultProfile ?? false} loading={busy || !data} onChange={(v) => void change(v)} />
    </div>
  );
}
