import { HistoryOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditDrawer } from './audit-drawer';

/** A button opening the policy audit log filtered by `area`. */
export function AuditButton({ area }: { area: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t('audit.open')}
      </Button>
      {open && <AuditDrawer open={open} area={area} onClose={() => setOpen(false)} />}
    </>
  );
}
