import { Empty, Typography } from 'antd';
import { type ComponentType, type CSSProperties, type ReactNode } from 'react';

export interface FirstTimeEmptyProps {
  /** The big icon above the title. */
  icon: ComponentType<{ style?: CSSProperties }>;
  title: ReactNode;
  text: ReactNode;
  testId: string;
  /** Below the text: the call to create the first one (a large primary button), if any. */
  children?: ReactNode;
}

/**
 * What a list shows instead of its filters and table while nothing exists yet and nothing is searched for (the first
 * page, no filters): an icon, a title, a line of text and the create button.
 */
export function FirstTimeEmpty({ icon: Icon, title, text, testId, children }: FirstTimeEmptyProps) {
  return (
    <Empty
      data-testid={testId}
      image={<Icon style={{ fontSize: 56, color: '#4c6ef5' }} />}
      style={{ padding: '48px 0' }}
      description={
        <>
          <Typography.Title level={4}>{title}</Typography.Title>
          <Typography.Text type="secondary">{text}</Typography.Text>
        </>
      }
    >
      {children}
    </Empty>
  );
}
