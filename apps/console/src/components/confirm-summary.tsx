import { Descriptions, type DescriptionsProps } from 'antd';
import { type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { type MessageSaveInput } from '@beacon/shared';
import { PushPreview, type PushPreviewContent } from './push-preview';

/** What the notification card of a confirmation shows: a compose form's content (or an A/B arm's). */
export type ConfirmPreviewValues = Omit<PushPreviewContent, 'color'> & { smallIconColor: string };

/** The notification as the devices will show it, expanded, with no placeholders (the send confirmations). */
export function ConfirmPreview({ appName, values: v }: { appName: string; values: ConfirmPreviewValues }) {
  const { t } = useTranslation();
  return (
    <PushPreview
      appName={appName}
      expanded
      labels={{ now: t('compose.preview.now'), titlePlaceholder: '', descPlaceholder: '' }}
      content={{
        design: v.design,
        title: v.title,
        desc: v.desc,
        smallIcon: v.smallIcon,
        color: v.smallIconColor,
        icon: v.icon,
        button: v.button,
        exType: v.exType,
        exText: v.exText,
        exImage: v.exImage,
        optionalIcon: v.optionalIcon,
        buttons: v.buttons,
      }}
    />
  );
}

interface ConfirmSummaryProps {
  payload: Pick<
    MessageSaveInput,
    'title' | 'msgRestrictType' | 'timeToLive' | 'speedLimit' | 'msgDisplayPrior'
  >;
  descriptionLabel: string;
  /** The targeting row's text. */
  targeting: string;
  /** A message's languages and schedule (an A/B test shows them per arm instead). */
  languages?: string;
  schedule?: string;
  /** A slow push's estimated duration at `rate` sends a second (slowPushDuration of the devices it reaches). */
  durationAt: (rate: number) => { hours: number; minutes: number };
  style?: CSSProperties;
}

/** The send settings of a confirmation: description, kind, targeting, time to live, speed and priority. */
export function ConfirmSummary({
  payload,
  descriptionLabel,
  targeting,
  languages,
  schedule,
  durationAt,
  style,
}: ConfirmSummaryProps) {
  const { t } = useTranslation();
  const speed = payload.speedLimit
    ? `${payload.speedLimit}/s · ${t('compose.schedule.duration', durationAt(payload.speedLimit))}`
    : t('compose.confirm.fullSpeed');
  const items: DescriptionsProps['items'] = [
    { key: 'description', label: descriptionLabel, children: payload.title },
    {
      key: 'kind',
      label: t('compose.fields.msgRestrictType'),
      children: t(`compose.kind.${['ad', 'distribute', 'content'][(payload.msgRestrictType ?? 1) - 1]}`),
    },
    { key: 'targeting', label: t('compose.fields.targetingType'), children: targeting },
    ...(languages !== undefined
      ? [{ key: 'languages', label: t('compose.fields.languages'), children: languages }]
      : []),
    ...(schedule !== undefined
      ? [{ key: 'schedule', label: t('compose.fields.scheduleType'), children: schedule }]
      : []),
    {
      key: 'ttl',
      label: t('compose.fields.ttl'),
      children: t('compose.confirm.hours', { count: (payload.timeToLive ?? 43200) / 3600 }),
    },
    { key: 'speed', label: t('compose.fields.speedLimit'), children: speed },
    ...(payload.msgDisplayPrior !== undefined
      ? [{ key: 'priority', label: t('compose.fields.priority'), children: payload.msgDisplayPrior }]
      : []),
  ];
  return <Descriptions size="small" column={1} style={style} items={items} />;
}
