import { Empty, Typography } from 'antd';

/** The empty state of a control table: nothing banned, and who sets the bans. */
export function ForbidEmpty({ title, text }: { title: string; text: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Text strong style={{ display: 'block' }}>
            {title}
          </Typography.Text>
          <Typography.Text type="secondary">{text}</Typography.Text>
        </>
      }
    />
  );
}
