import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { TestDeviceListRequest } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { reportError } from '../../../lib/error-reporter';
import { useListFilters } from '../../../lib/list-filters';
import { useDeleteTestDevice } from '../api/delete-test-device';
import { useTestDevices } from '../api/get-test-devices';
import { TestDevicesTable } from './test-devices-table';

interface TestDevicesPanelProps {
  appId: number;
  /** Opens the edit screen: a device id, or undefined to add one. */
  onOpenEditor: (id?: number) => void;
}

/** config/device: the test devices, search and page in the URL. */
export function TestDevicesPanel({ appId, onOpenEditor }: TestDevicesPanelProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, update, search } = useListFilters(TestDeviceListRequest, {
    fields: ['keyword'],
    search: 'keyword',
  });

  const devices = useTestDevices(appId, filters);
  const remove = useDeleteTestDevice({
    mutationConfig: {
      onSuccess: () => void message.success(t('testDevices.deleted')),
      onError: (error) => reportError(error),
    },
  });

  return (
    <Card variant="borderless">
      <ListHeader
        title={t('testDevices.title')}
        subtitle={t('testDevices.subtitle')}
        search={{ label: t('testDevices.search'), ...search }}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => onOpenEditor()}>
            {t('testDevices.add')}
          </Button>
        }
      />
      <TestDevicesTable
        rows={devices.data?.results ?? []}
        total={devices.data?.total ?? 0}
        page={filters.pageNo}
        loading={devices.isFetching}
        deletingId={remove.isPending ? remove.variables.id : undefined}
        onPageChange={(pageNo) => update({ pageNo })}
        onEdit={(device) => onOpenEditor(device.id)}
        onDelete={(device) => remove.mutate({ appId, id: device.id })}
      />
    </Card>
  );
}
