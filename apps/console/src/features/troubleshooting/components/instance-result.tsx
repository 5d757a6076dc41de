import { Alert, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  androidVersionName,
  InstanceStatus,
  type DeviceCustomEvent,
  type InstanceInfo,
} from '@beacon/shared';
import { currentLanguage } from '../../../i18n';
import { localDateTime, relativeTime } from '../lib/format-time';
import { languageLabel, reasonText, solutionText } from '../lib/instance-labels';

const DASH = '–';

function orDash(value: ReactNode): ReactNode {
  return value === null || value === undefined || value === '' ? DASH : value;
}

function When({ iso }: { iso: string | null }) {
  if (!iso) return DASH;
  return (
    <Flex vertical>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{localDateTime(iso)}</span>
      <Typography.Text type="secondary">{relativeTime(iso, currentLanguage())}</Typography.Text>
    </Flex>
  );
}

/** The user's attributes, one `key: value` per line, by key (lists joined, dates as stored: ISO-8601 UTC). */
function UserAttributes({ attributes }: { attributes: Record<string, unknown> | undefined }) {
  const entries = Object.entries(attributes ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  if (entries.length === 0) return DASH;
  return (
    <Flex vertical data-testid="instance-attributes">
      {entries.map(([key, value]) => (
        <span key={key}>
          <Typography.Text code>{key}</Typography.Text>{' '}
          {Array.isArray(value) ? value.join(', ') : String(value)}
        </span>
      ))}
    </Flex>
  );
}

/** The status banner and every field of a found device (part 1 §3 "Troubleshooting result"). */
export function InstanceResult({ info, appTitle }: { info: InstanceInfo; appTitle: string }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const valid = info.status === InstanceStatus.VALID;
  const [main, ...others] = info.invalidReasons;
  const banner = valid ? (
    <Alert
      type="success"
      showIcon
      title={t('troubleshooting.validTitle', { app: appTitle })}
      description={t('troubleshooting.validText')}
    />
  ) : (
    <Alert
      type="error"
      showIcon
      title={
        main === undefined
          ? t('troubleshooting.invalidTitle')
          : t('troubleshooting.invalidBecause', { reason: reasonText(t, main) })
      }
      description={
        <Flex vertical gap={4}>
          {info.solution !== null && (
            <span>{t('troubleshooting.whatToDo', { solution: solutionText(t, info.solution) })}</span>
          )}
          {others.length > 0 && (
            <span>
              {t('troubleshooting.alsoReasons', { reasons: others.map((r) => reasonText(t, r)).join(' · ') })}
            </span>
          )}
        </Flex>
      }
    />
  );
  const android = info.androidVersion === null ? null : androidVersionName(info.androidVersion);
  const items = [
    {
      key: 'status',
      label: t('troubleshooting.field.status'),
      children: valid ? (
        <Tag color="success">{t('troubleshooting.valid')}</Tag>
      ) : (
        <Tag color="error">{t('troubleshooting.invalid')}</Tag>
      ),
    },
    {
      key: 'reason',
      label: t('troubleshooting.field.invalidReason'),
      children: info.invalidReasons.length ? (
        <Flex wrap gap={4}>
          {info.invalidReasons.map((r) => (
            <Tag key={r} color="volcano">
              {reasonText(t, r)}
            </Tag>
          ))}
        </Flex>
      ) : (
        DASH
      ),
    },
    {
      key: 'solution',
      label: t('troubleshooting.field.solution'),
      span: 2,
      children: info.solution === null ? DASH : solutionText(t, info.solution),
    },
    {
      key: 'notice',
      label: t('troubleshooting.field.noticeDisabled'),
      children:
        info.noticeEnable === null ? (
          DASH
        ) : info.noticeEnable ? (
          t('troubleshooting.no')
        ) : (
          <Tag color="warning">{t('troubleshooting.yes')}</Tag>
        ),
    },
    { key: 'timezone', label: t('troubleshooting.field.timezone'), children: orDash(info.timezone) },
    {
      key: 'instanceActivation',
      label: t('troubleshooting.field.instanceActivationTime'),
      children: <When iso={info.instanceActivationTime} />,
    },
    {
      key: 'appActivation',
      label: t('troubleshooting.field.appActivationTime'),
      children: <When iso={info.appActivationTime} />,
    },
    {
      key: 'lastActive',
      label: t('troubleshooting.field.lastActiveTime'),
      children: <When iso={info.lastActiveTime} />,
    },
    { key: 'model', label: t('troubleshooting.field.model'), children: orDash(info.model) },
    { key: 'brand', label: t('troubleshooting.field.brand'), children: orDash(info.brand) },
    {
      key: 'country',
      label: t('troubleshooting.field.country'),
      children: info.country ? `${info.countryName ?? info.country} (${info.country})` : DASH,
    },
    {
      key: 'language',
      label: t('troubleshooting.field.language'),
      children: info.language ? languageLabel(info.language, lang) : DASH,
    },
    {
      key: 'appVer',
      label: t('troubleshooting.field.appVer'),
      children: info.appVer
        ? `${info.appVer}${info.appVersionCode === null ? '' : ` (${info.appVersionCode})`}`
        : DASH,
    },
    {
      key: 'android',
      label: t('troubleshooting.field.androidVersion'),
      children:
        info.androidVersion === null
          ? DASH
          : android
            ? `Android ${android} (API ${info.androidVersion})`
            : `API ${info.androidVersion}`,
    },
    {
      key: 'user',
      label: t('troubleshooting.field.user'),
      children: !info.user ? DASH : (info.user.externalId ?? <Tag>{t('troubleshooting.anonymousUser')}</Tag>),
    },
    {
      key: 'attributes',
      label: t('troubleshooting.field.attributes'),
      span: 2,
      children: <UserAttributes attributes={info.user?.attributes} />,
    },
  ];
  return (
    <Flex vertical gap={16} data-testid="instance-result">
      {banner}
      <Descriptions bordered size="middle" column={2} items={items} styles={{ label: { width: 200 } }} />
      <RecentCustomEvents events={info.customEvents} />
    </Flex>
  );
}

/** The device's latest custom events (issue 33 §2), newest first, each with its properties. */
function RecentCustomEvents({ events }: { events: DeviceCustomEvent[] }) {
  const { t } = useTranslation();
  return (
    <section data-testid="device-custom-events">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('troubleshooting.customEvents.title')}
      </Typography.Title>
      <Table<DeviceCustomEvent>
        size="small"
        rowKey={(r) => `${r.name}@${r.at}`}
        dataSource={events}
        pagination={events.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('troubleshooting.customEvents.empty') }}
        columns={[
          {
            key: 'at',
            title: t('troubleshooting.customEvents.at'),
            render: (_, r) => <When iso={r.at} />,
          },
          {
            key: 'name',
            title: t('troubleshooting.customEvents.name'),
            render: (_, r) => <Typography.Text code>{r.name}</Typography.Text>,
          },
          {
            key: 'properties',
            title: t('troubleshooting.customEvents.properties'),
            render: (_, r) => {
              const entries = Object.entries(r.properties);
              return entries.length === 0 ? (
                DASH
              ) : (
                <Flex wrap gap={4}>
                  {entries.map(([k, v]) => (
                    <Tag key={k}>
                      {k}: {String(v)}
                    </Tag>
                  ))}
                </Flex>
              );
            },
          },
        ]}
      />
    </section>
  );
}
