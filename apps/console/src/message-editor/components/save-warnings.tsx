import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { type MessageSaved } from '@beacon/shared';

type Saved = z.infer<typeof MessageSaved>;
export type Twin = NonNullable<Saved['twin']>;

/**
 * 1071's warning (part 2 §2, §5): the audience packages the targeting names are not human users; the operator confirms
 * once more (the save is sent again with confirmIsGroup).
 */
export function PackagesWarning({ packages }: { packages: NonNullable<Saved['packages']> }) {
  const { t } = useTranslation();
  return (
    <div data-testid="packages-warning">
      <Typography.Paragraph>{t('compose.packages.intro', { count: packages.length })}</Typography.Paragraph>
      <ul>
        {packages.map((p) => (
          <li key={p.id}>{`${p.name} (${p.id})`}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * 21030's warning (part 2 §8): the message of the previous 24 hours with the same title, content and audience — its
 * id, title, user group or audience and send time; "Create anyway" sends the save again with forceCreate.
 */
export function TwinWarning({ twin }: { twin: Twin }) {
  const { t, i18n } = useTranslation();
  const audience =
    twin.groupName !== null
      ? twin.groupName
      : t(`compose.targeting.type${twin.targetingType}`, { defaultValue: String(twin.targetingType) });
  const at = new Date(twin.at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div data-testid="twin-warning">
      <Typography.Paragraph>{t('compose.twin.intro')}</Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'title', label: t('compose.twin.message'), children: `${twin.title} (#${twin.id})` },
          { key: 'audience', label: t('compose.twin.audience'), children: audience },
          { key: 'at', label: t('compose.twin.at'), children: at },
        ]}
      />
    </div>
  );
}
