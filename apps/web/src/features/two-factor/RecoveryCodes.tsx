'use client';
import { Alert, App, Button, Flex } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import css from './two-factor.module.css';

/** New recovery codes, shown once: 'Copy codes', 'Download codes', then 'I saved my codes'. */
export default function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { message } = App.useApp();
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      message.success('Recovery codes copied');
    } catch {
      message.error('Your browser did not let us copy: select the codes and copy them yourself.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div>
      <Alert
        type="warning"
        showIcon
        className={css.alert}
        title="Save your recovery codes now"
        description="Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe, like a password manager."
      />
      <ul className={css.codes} aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Flex gap={8} wrap>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button icon={<DownloadOutlined aria-hidden />} onClick={download}>
          Download codes
        </Button>
        <Button type="primary" onClick={onDone}>
          I saved my codes
        </Button>
      </Flex>
    </div>
  );
}
