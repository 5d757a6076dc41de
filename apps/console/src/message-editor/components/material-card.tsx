import { LinkOutlined } from '@ant-design/icons';
import { Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countryName, type MaterialDetail } from '@beacon/shared';
import { DEFAULT_LANGUAGE, parseLanguage } from '../../i18n/language';

/** The countries of one national attribute as tags (names in the console language), or what an empty set means. */
export function CountryTags({
  codes,
  empty,
  testId,
}: {
  codes: readonly string[];
  empty: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const lang = parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  if (codes.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <span data-testid={testId}>
      {codes.map((code) => (
        <Tag key={code} style={{ marginBottom: 4 }}>
          {countryName(code, lang)} ({code})
        </Tag>
      ))}
    </span>
  );
}

/**
 * The material a message is composed from (part 2 §2 "national-attributes preview when a material is linked"): its
 * id and description, and the countries its messages go to and do not go to — a device outside them is dropped.
 */
export function MaterialCard({
  material,
}: {
  material: Pick<MaterialDetail, 'materialId' | 'title' | 'nationalAttributes'>;
}) {
  const { t } = useTranslation();
  const { pushCountrySet, notPushCountrySet } = material.nationalAttributes;
  return (
    <Card
      size="small"
      variant="borderless"
      data-testid="compose-material"
      title={
        <span>
          <LinkOutlined style={{ color: '#4c6ef5', marginInlineEnd: 8 }} />
          {t('compose.material.title', { id: material.materialId })}
        </span>
      }
      extra={<Typography.Text type="secondary">{material.title}</Typography.Text>}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('compose.material.push')}>
          <CountryTags
            codes={pushCountrySet}
            empty={t('compose.material.everyCountry')}
            testId="material-push"
          />
        </Descriptions.Item>
        <Descriptions.Item label={t('compose.material.notPush')}>
          <CountryTags
            codes={notPushCountrySet}
            empty={t('compose.material.none')}
            testId="material-not-push"
          />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('compose.material.hint')}
      </Typography.Text>
    </Card>
  );
}
