import { TeamOutlined } from '@ant-design/icons';
import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Condition } from '@beacon/shared';
import { useAudienceSize } from '../api/estimate-audience';
import { sizeText } from '../lib/size-text';

/** The live number of devices matching the conditions being edited. */
export function AudienceSize({ appId, conditions }: { appId: number; conditions: Condition[] }) {
  const { t } = useTranslation();
  const size = useAudienceSize(appId, conditions);
  let text: string;
  if (conditions.length === 0) text = t('userGroups.sizeNone');
  else if (size.isError) text = t('userGroups.sizeError');
  else if (size.data)
    text = t('userGroups.sizeValue', {
      count: size.data.count,
      formatted: sizeText(size.data.count, size.data.exact),
    });
  else text = t('userGroups.sizeLoading');
  return (
    <Flex gap={8} align="center" data-testid="audience-size" aria-live="polite">
      <TeamOutlined />
      <Typography.Text strong>{text}</Typography.Text>
      {size.isFetching && <Spin size="small" />}
    </Flex>
  );
}
