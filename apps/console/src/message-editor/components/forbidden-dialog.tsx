import { Flex, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { countryName, LOSS_CODES, type MessageSaved } from '@beacon/shared';
import { currentLanguage } from '../../i18n';
import { formatNumber } from '../../lib/number-format';

export type Forbidden = NonNullable<z.infer<typeof MessageSaved>['forbidden']>;
/** The answer's total: the devices the bans take out of the targeted audience (the forecast's own figures). */
export type Blocked = NonNullable<z.infer<typeof MessageSaved>['blocked']>;

interface ForbiddenDialogProps {
  open: boolean;
  forbidden: Forbidden;
  blocked?: Blocked | undefined;
  /** 202: the send may continue (countryMsgforceCreate); 201: it may not. */
  canContinue: boolean;
  onContinue: () => void;
  onClose: () => void;
}

const LANG_INDEX = { en: 0, zh: 1, fr: 2 } as const;

/**
 * The forbidden-send dialog (part 2 §2): each country with its windows (all day, or intervals; an end before the start
 * is next day), the policy that forbids it and the devices it drops; above them, what the figure is: how many of the
 * targeted devices the bans take (the confirmation's forecast's own figures, one computation on the server). Continue
 * only for 202; 201 says it cannot.
 */
export function ForbiddenDialog({
  open,
  forbidden,
  blocked,
  canContinue,
  onContinue,
  onClose,
}: ForbiddenDialogProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  // a sampled forecast's counts are estimates
  const about = blocked && !blocked.exact ? '≈ ' : '';
  const windowText = (w: { start: string; end: string }) =>
    w.end < w.start ? `${w.start} – ${w.end} ${t('compose.forbidden.nextDay')}` : `${w.start} – ${w.end}`;
  return (
    <Modal
      open={open}
      title={canContinue ? t('compose.forbidden.title') : t('compose.forbidden.titleAll')}
      onCancel={onClose}
      onOk={canContinue ? onContinue : onClose}
      okText={canContinue ? t('compose.forbidden.continue') : t('compose.actions.back')}
      cancelButtonProps={canContinue ? {} : { style: { display: 'none' } }}
      cancelText={t('compose.actions.back')}
      data-testid="forbidden-dialog"
    >
      <Typography.Paragraph>
        {canContinue ? t('compose.forbidden.intro') : t('compose.forbidden.cannotContinue')}
      </Typography.Paragraph>
      {blocked && (
        <Typography.Paragraph strong data-testid="forbidden-blocked">
          {t('compose.forbidden.blocked', {
            count: blocked.devices,
            devices: `${about}${formatNumber(blocked.devices, lang)}`,
            audience: `${about}${formatNumber(blocked.audience, lang)}`,
          })}
        </Typography.Paragraph>
      )}
      <Flex vertical role="list" style={{ border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8 }}>
        {forbidden.map((row, i) => {
          const loss = row.lossCode === undefined ? undefined : LOSS_CODES[row.lossCode]?.[LANG_INDEX[lang]];
          return (
            <Flex
              key={row.countryCode}
              role="listitem"
              justify="space-between"
              align="center"
              gap={12}
              data-testid={`forbidden-${row.countryCode}`}
              style={{
                padding: '8px 16px',
                borderTop: i === 0 ? undefined : '1px solid rgba(5, 5, 5, 0.06)',
              }}
            >
              <Flex vertical>
                <Typography.Text
                  strong
                >{`${countryName(row.countryCode, lang)} (${row.countryCode})`}</Typography.Text>
                <Typography.Text type="secondary">
                  {row.allDay ? t('compose.forbidden.allDay') : row.windows.map(windowText).join(', ')}
                </Typography.Text>
              </Flex>
              <Flex vertical align="end" gap={4}>
                {loss && (
                  <Tag color={row.allDay ? 'error' : 'warning'} style={{ marginInlineEnd: 0 }}>
                    {loss}
                  </Tag>
                )}
                {row.devices !== undefined && (
                  <Typography.Text type="secondary">
                    {about}
                    {t('compose.forbidden.devices', { count: row.devices })}
                  </Typography.Text>
                )}
              </Flex>
            </Flex>
          );
        })}
      </Flex>
    </Modal>
  );
}

/** What the forbidden dialog reads of a save flow (useSaveFlow): its forbidden-send answer and what answers it. */
export interface ForbiddenFlow {
  forbidden?: { list: Forbidden; blocked?: Blocked | undefined; canContinue: boolean } | undefined;
  closeForbidden: () => void;
  continueForbidden: () => void;
}

/** The forbidden dialog of a save flow, open while the flow holds a forbidden-send answer (201/202). */
export function FlowForbiddenDialog({ flow }: { flow: ForbiddenFlow }) {
  if (!flow.forbidden) return null;
  return (
    <ForbiddenDialog
      open
      forbidden={flow.forbidden.list}
      blocked={flow.forbidden.blocked}
      canContinue={flow.forbidden.canContinue}
      onClose={flow.closeForbidden}
      onContinue={flow.continueForbidden}
    />
  );
}
