import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CONFIG_LIMITS, LIMITS } from '@beacon/shared';
import { reportError } from '../../../lib/error-reporter';
import { useDeleteTestDevice } from '../api/delete-test-device';
import { useTestDevices } from '../api/get-test-devices';
import { TestDevicesTable } from './test-devices-table';

interface TestDevicesPanelProps {
  appId: number;
  /** Opens the edit screen: a device id, or undefined to add one. */
  onOpenEditor: (id?: number) => void;
}

function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** config/device: the test devices, search and page in the URL. */
export function TestDevicesPanel({ appId, onOpenEditor }: TestDevicesPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const keyword = search.get('keyword') ?? '';
  const page = pageFrom(search);
  const [term, setTerm] = useState(keyword);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const devices = useTestDevices(appId, {
    keyword,
    pageNo: page,
    pageSize: CONFIG_LIMITS.testDevicesPageSize,
  });
  const remove = useDeleteTestDevice({
    mutationConfig: {
      onSuccess: () => void message.success(t('testDevices.deleted')),
      onError: (error) => reportError(error),
    },
  });

  const setParam = (key: string, value: string | undefined, replace = false) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace },
    );

  const handleTerm = (value: string) => {
    setTerm(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => setParam('keyword', value.trim() || undefined, true),
      LIMITS.searchDebounceMs,
    );
  };

  return (
    <Card variant="borderless">
      <Flex justify="space-between" align="center" gap={16} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('testDevices.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('testDevices.subtitle')}</Typography.Text>
        </div>
        <Flex gap={12}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('testDevices.search')}
            aria-label={t('testDevices.search')}
            value={term}
            onChange={(e) => handleTerm(e.target.value)}
            style={{ width: 260 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpenEditor()}>
            {t('testDevices.add')}
          </Button>
        </Flex>
      </Flex>
      <TestDevicesTable
        rows={devices.data?.results ?? []}
        total={devices.data?.total ?? 0}
        page={page}
        loading={devices.isFetching}
        deletingId={remove.isPending ? remove.variables.id : undefined}
        onPageChange={(next) => setParam('page', next > 1 ? String(next) : undefined)}
        onEdit={(device) => onOpenEditor(device.id)}
        onDelete={(device) => remove.mutate({ appId, id: device.id })}
      />
    </Card>
  );
}
