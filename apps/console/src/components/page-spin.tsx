import { Spin } from 'antd';

/** A centered spinner for a page or a panel that is loading. */
export function PageSpin({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div style={{ minHeight: fullPage ? '100vh' : 240, display: 'grid', placeItems: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
