import { Avatar } from 'antd';

const PALETTE = ['#1677ff', '#13a8a8', '#722ed1', '#eb2f96', '#fa8c16', '#52c41a', '#2f54eb', '#faad14'];

/** An app's logo, or its initial on a colour picked from its id when it has none. */
export function AppLogo({
  appId,
  title,
  logo,
  size = 32,
}: {
  appId: number;
  title: string;
  logo: string;
  size?: number;
}) {
  if (logo) return <Avatar shape="square" size={size} src={logo} alt={title} />;
  return (
    <Avatar
      shape="square"
      size={size}
      style={{ background: PALETTE[appId % PALETTE.length], flex: 'none' }}
      aria-hidden
    >
      {title.trim().charAt(0).toUpperCase() || '?'}
    </Avatar>
  );
}
