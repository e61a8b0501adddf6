'use client';
import { Button, Dropdown, Segmented, Tooltip } from 'antd';
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTheme } from '@/lib/theme';
import type { ThemeMode } from '@/lib/config';

const OPTIONS: Array<{ value: ThemeMode; label: string; icon: React.ReactNode }> = [
  { value: 'light', label: 'Light', icon: <SunOutlined /> },
  { value: 'dark', label: 'Dark', icon: <MoonOutlined /> },
  { value: 'system', label: 'System', icon: <DesktopOutlined /> },
];

/** Compact theme switch (header): a button opening light / dark / system. */
export function ThemeSwitch() {
  const { mode, resolved, setMode } = useTheme();
  const current = OPTIONS.find((o) => o.value === mode)!;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [mode],
        items: OPTIONS.map((o) => ({ key: o.value, label: o.label, icon: o.icon })),
        onClick: ({ key }) => setMode(key as ThemeMode),
      }}
    >
      <Tooltip title={`Theme: ${current.label}`} placement="bottom">
        <Button type="text" shape="circle" aria-label={`Theme: ${current.label}`} icon={resolved === 'dark' ? <MoonOutlined /> : <SunOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}

/** Full-width segmented switch (drawer, settings). */
export function ThemeSegmented() {
  const { mode, setMode } = useTheme();
  return (
    <Segmented
      block
      aria-label="Theme"
      value={mode}
      onChange={(v) => setMode(v as ThemeMode)}
      options={OPTIONS.map((o) => ({ value: o.value, label: o.label, icon: o.icon }))}
    />
  );
}
