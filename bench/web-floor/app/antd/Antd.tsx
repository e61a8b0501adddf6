'use client';
import { App, Button, ConfigProvider } from 'antd';

export default function Antd() {
  return (
    <ConfigProvider theme={{ zeroRuntime: true }}>
      <App>
        <Button type="primary">antd</Button>
      </App>
    </ConfigProvider>
  );
}
