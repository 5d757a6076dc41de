import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input, Typography } from 'antd';
import { type CSSProperties, type ReactNode } from 'react';

export interface SearchBoxProps {
  /** Placeholder and accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onPressEnter?: () => void;
  width?: number;
  testId?: string;
}

/** A list's search box (clearable, with the search icon); pair it with `useDebouncedSearch` or `useListFilters`. */
export function SearchBox({ label, value, onChange, onPressEnter, width = 260, testId }: SearchBoxProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={onPressEnter}
      style={{ width }}
      data-testid={testId}
    />
  );
}

export interface ListHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Before the title (a back button). */
  back?: ReactNode;
  /** Right side, in this order: filters, the search box, actions (buttons). */
  filters?: ReactNode;
  search?: SearchBoxProps;
  actions?: ReactNode;
  wrap?: boolean;
  style?: CSSProperties;
}

/** What a list panel shows above its table: title and subtitle on the left; filters, search and buttons on the right. */
export function ListHeader({
  title,
  subtitle,
  back,
  filters,
  search,
  actions,
  wrap,
  style,
}: ListHeaderProps) {
  const heading = (
    <div>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {subtitle !== undefined && <Typography.Text type="secondary">{subtitle}</Typography.Text>}
    </div>
  );
  const tools = Boolean(filters) || search !== undefined || Boolean(actions);
  return (
    <Flex justify="space-between" align="center" gap={16} wrap={wrap} style={{ marginBottom: 16, ...style }}>
      {back ? (
        <Flex align="center" gap={12}>
          {back}
          {heading}
        </Flex>
      ) : (
        heading
      )}
      {tools && (
        <Flex gap={12} align="center">
          {filters}
          {search && <SearchBox {...search} />}
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
