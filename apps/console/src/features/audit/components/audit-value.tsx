import { Typography } from 'antd';

/** A JSON snapshot of the audit log, compact: scalars as text, objects as `key: value` lines. */
export function AuditValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (typeof value !== 'object')
    return <span>{typeof value === 'string' ? value : JSON.stringify(value)}</span>;
  if (Array.isArray(value))
    return (
      <span>
        {value.length === 0
          ? '[]'
          : value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')}
      </span>
    );
  return (
    <div>
      {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
        <div key={k}>
          <Typography.Text type="secondary">{k}:</Typography.Text>{' '}
          {typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}
        </div>
      ))}
    </div>
  );
}
