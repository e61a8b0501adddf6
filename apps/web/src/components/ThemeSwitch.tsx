'use client';
import { Button, Dropdown, Segmented, Tooltip } from 'antd';
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslations } from 'next-intl';
import { useTheme } from '@/lib/theme';
import type { ThemeMode } from '@/lib/config';

const OPTIONS: Array<{ value: ThemeMode; label: 'themeLight' | 'themeDark' | 'themeSystem'; icon: React.ReactNode }> = [
  { value: 'light', label: 'themeLight', icon: <SunOutlined /> },
  { value: 'dark', label: 'themeDark', icon: <MoonOutlined /> },
  { value: 'system', label: 'themeSystem', icon: <DesktopOutlined /> },
];

/** Compact theme switch (header): a button opening light / dark / system. */
export function ThemeSwitch() {
  const { mode, resolved, setMode } = useTheme();
  const t = useTranslations('shell');
  const current = OPTIONS.find((o) => o.value === mode)!;
  const name = t('themeCurrent', { mode: t(current.label) });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [mode],
        items: OPTIONS.map((o) => ({ key: o.value, label: t(o.label), icon: o.icon })),
        onClick: ({ key }) => setMode(key as ThemeMode),
      }}
    >
      <Tooltip title={name} placement="bottom">
        <Button type="text" shape="circle" aria-label={name} icon={resolved === 'dark' ? <MoonOutlined /> : <SunOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}

/** Full-width segmented switch (drawer, settings). */
export function ThemeSegmented() {
  const { mode, setMode } = useTheme();
  const t = useTranslations('shell');
  return (
    <Segmented
      block
      aria-label={t('theme')}
      value={mode}
      onChange={(v) => setMode(v as ThemeMode)}
      options={OPTIONS.map((o) => ({ value: o.value, label: t(o.label), icon: o.icon }))}
    />
  );
}
