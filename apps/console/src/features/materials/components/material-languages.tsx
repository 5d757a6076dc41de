import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MultiLangEntry } from '@beacon/shared';
import { useMaterialLanguages } from '../api/get-material-languages';

/** The languages a notification material's row expands to (getMaterialSubList): language, title and text. */
export function MaterialLanguages({ appId, materialId }: { appId: number; materialId: number }) {
  const { t } = useTranslation();
  const subs = useMaterialLanguages(appId, materialId);
  return (
    <Table<MultiLangEntry>
      size="small"
      rowKey="lang"
      pagination={false}
      loading={subs.isPending}
      dataSource={subs.data?.material ?? []}
      data-testid={`material-languages-${materialId}`}
      locale={{ emptyText: t('materials.languages.none') }}
      columns={[
        { key: 'lang', title: t('materials.languages.lang'), dataIndex: 'lang', width: 100 },
        { key: 'title', title: t('materials.languages.title'), dataIndex: 'title' },
        { key: 'desc', title: t('materials.languages.text'), dataIndex: 'desc' },
      ]}
    />
  );
}
