import { DeleteOutlined, FileImageOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MATERIAL_TYPES, MaterialListRequest, type AppInfo, type MaterialRow } from '@beacon/shared';
import { useListFilters } from '../../../lib/list-filters';
import { FirstTimeEmpty } from '../../../components/first-time-empty';
import { useMaterials, type MaterialList } from '../api/get-materials';
import {
  composePath,
  formPath,
  materialActions,
  mayDecide,
  type MaterialAction,
  type MaterialReader,
} from '../lib/material-access';
import {
  hasMaterialFilters,
  MATERIAL_LIST_URL,
  materialFilters,
  materialFiltersPatch,
  materialRequestOf,
  type MaterialFilters,
} from '../lib/material-filters';
import { ImportDialog } from './import-dialog';
import { MaterialFiltersBar } from './material-filters-bar';
import { MaterialRowMenu } from './material-row-menu';
import { MaterialTable } from './material-table';
import { PreviewDialog } from './preview-dialog';
import { ReportDialog } from './report-dialog';
import { appPath } from '../../../lib/paths';

interface MaterialListViewProps {
  appId: number;
  list: MaterialList;
  app: AppInfo;
  reader: MaterialReader;
}

const EMPTY_ICONS = { list: FileImageOutlined, recycle: DeleteOutlined, audit: FileImageOutlined } as const;

/**
 * One of the material lists (spec §2 Material): the type radio, filters and page in the URL, 20 a page, and each
 * list's actions — the library's create message, report, copy, edit, delete and Excel import; the recycle bin's
 * restore and delete for good; the audit list's review (or detail), copy, edit and delete for good. A link to the audit
 * list with a material id (the dashboard's) opens that material's review.
 */
export function MaterialListView({ appId, list, app, reader }: MaterialListViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filters: read, update } = useListFilters(MaterialListRequest, MATERIAL_LIST_URL);
  const filters = materialFilters(read);
  const query = useMaterials(appId, list, materialRequestOf(filters, list));
  const rows = query.data?.material ?? [];
  const [report, setReport] = useState<MaterialRow>();
  const [importing, setImporting] = useState(false);
  // the dashboard's link (material/audit?materialId=…): that material's review, once, as the screen opens
  const [preview, setPreview] = useState<number | undefined>(() =>
    list === 'audit' && filters.materialId ? Number(filters.materialId) : undefined,
  );
  const actions = materialActions(list, reader);

  const apply = (next: MaterialFilters) => update(materialFiltersPatch(next));
  const create = () =>
    void navigate(
      appPath(appId, 'material/create', {
        materialType: filters.materialType === 1 ? undefined : filters.materialType,
      }),
    );
  const open = (row: MaterialRow, key: MaterialAction) => {
    if (key === 'compose') void navigate(composePath(appId, row));
    else if (key === 'report') setReport(row);
    else if (key === 'copy' || key === 'edit')
      void navigate(formPath(appId, row.materialId, key, list === 'audit'));
  };
  const rowActions = (row: MaterialRow) => {
    const menu = actions.length > 0 && (
      <MaterialRowMenu appId={appId} row={row} actions={actions} onOpen={open} />
    );
    if (list !== 'audit') return menu || <Typography.Text type="secondary">–</Typography.Text>;
    const decides = mayDecide(row, app.projectLevel);
    return (
      <Flex gap={4} align="center">
        <Button
          size="small"
          type={decides ? 'primary' : 'default'}
          onClick={() => setPreview(row.materialId)}
          data-testid={`material-${decides ? 'review' : 'detail'}-${row.materialId}`}
        >
          {t(decides ? 'materials.actions.review' : 'materials.actions.detail')}
        </Button>
        {menu}
      </Flex>
    );
  };

  const firstTime =
    !query.isPending &&
    !query.isError &&
    rows.length === 0 &&
    !hasMaterialFilters(filters) &&
    filters.page === 1;

  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={filters.materialType}
          onChange={(e) =>
            apply({ ...filters, materialType: e.target.value as MaterialFilters['materialType'], page: 1 })
          }
          options={MATERIAL_TYPES.map((type) => ({ value: type, label: t(`materials.types.${type}`) }))}
          data-testid="material-type"
        />
        {list === 'list' && (
          <Flex gap={8}>
            <Button
              icon={<UploadOutlined />}
              onClick={() => setImporting(true)}
              data-testid="material-import-open"
            >
              {t('materials.import.open')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="material-create">
              {t('materials.create')}
            </Button>
          </Flex>
        )}
      </Flex>
      <MaterialFiltersBar value={filters} list={list} onSearch={apply} />
      {firstTime ? (
        <FirstTimeEmpty
          testId="materials-empty"
          icon={EMPTY_ICONS[list]}
          title={t(`materials.empty.${list}.title`)}
          text={t(`materials.empty.${list}.text`)}
        >
          {list === 'list' && (
            <Button type="primary" size="large" icon={<PlusOutlined />} onClick={create}>
              {t('materials.create')}
            </Button>
          )}
        </FirstTimeEmpty>
      ) : (
        <MaterialTable
          appId={appId}
          rows={rows}
          total={query.data?.total ?? 0}
          page={filters.page}
          tz={filters.tz}
          order={filters.order}
          loading={query.isPending || query.isPlaceholderData}
          emptyText={t('materials.empty.noMatch')}
          onPageChange={(page) => apply({ ...filters, page })}
          onOrderChange={(order) => apply({ ...filters, order, page: 1 })}
          actions={rowActions}
        />
      )}
      {report && <ReportDialog appId={appId} material={report} onClose={() => setReport(undefined)} />}
      {importing && <ImportDialog appId={appId} onClose={() => setImporting(false)} />}
      {preview !== undefined && (
        <PreviewDialog
          appId={appId}
          materialId={preview}
          app={app}
          onLoaded={(m) => {
            if (m.materialType !== filters.materialType)
              update({ materialType: m.materialType as MaterialFilters['materialType'] }, { replace: true });
          }}
          onClose={() => setPreview(undefined)}
        />
      )}
    </>
  );
}
