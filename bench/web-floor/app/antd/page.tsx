import Antd from './Antd';

export default function Page() {
  return <Antd />;
}
