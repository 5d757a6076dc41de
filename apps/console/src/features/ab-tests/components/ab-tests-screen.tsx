import { ExperimentOutlined, SyncOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AbTestRow } from '@beacon/shared';
import { useAppInfo } from '../../apps';
import { needsRefresh, ParentListScreen, useParentList } from '../../messages';
import { statusesOf, useAbTests } from '../api/get-ab-tests';
import { AbDetailDialog } from './ab-detail-dialog';
import { AbTable } from './ab-table';
import { appPath } from '../../../lib/paths';

/**
 * data/abtest: the A/B tests (part 2 §2), with filters and page in the URL, each row expanding to its arms, the row
 * menu and the A/B detail.
 */
export function AbTestsScreen({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useParentList();
  const list = useAbTests(appId, state.request);
  const info = useAppInfo(appId);
  const [detail, setDetail] = useState<AbTestRow>();
  const rows = list.data?.msgs ?? [];

  return (
    <ParentListScreen
      appId={appId}
      tab="abtest"
      texts="abTests"
      icon={ExperimentOutlined}
      testIds={{ create: 'create-abtest', empty: 'ab-empty', filters: 'ab-filters' }}
      list={list}
      state={state}
      onCreate={() => void navigate(appPath(appId, 'message/editabtest'))}
      above={
        needsRefresh(statusesOf(rows)) && (
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="refreshing">
            <SyncOutlined spin /> {t('messages.refreshing')}
          </Typography.Paragraph>
        )
      }
      table={(props) => (
        <AbTable {...props} projectLevel={info.data?.projectLevel ?? 0} onDetail={setDetail} />
      )}
    >
      <AbDetailDialog appId={appId} row={detail} onClose={() => setDetail(undefined)} />
    </ParentListScreen>
  );
}
