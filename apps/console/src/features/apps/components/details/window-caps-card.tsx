import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  localizeIssueMessage,
  WINDOW_CAP_LIMITS,
  WindowCaps,
  type CapKind,
  type MessageLang,
  type WindowCapsInput,
} from '@beacon/shared';
import { reportError } from '../../../../lib/error-reporter';
import { useSetWindowCaps, useWindowCaps } from '../../api/window-caps';

const KINDS: readonly CapKind[] = ['notification', 'cross'];

/** A cap's number as typed, named for screen readers and marked when the shared rule refused it. */
function DigitsInput(p: {
  value: string;
  onChange: (value: string) => void;
  onPressEnter: () => void;
  error: boolean;
  /** the id of the message that says what is wrong, read out with the field */
  errorId: string;
  label: string;
  width: number;
}) {
  return (
    <Input
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      onPressEnter={p.onPressEnter}
      status={p.error ? 'error' : undefined}
      aria-label={p.label}
      aria-invalid={p.error ? true : undefined}
      aria-describedby={p.error ? p.errorId : undefined}
      inputMode="numeric"
      style={{ width: p.width }}
    />
  );
}

/** One row as typed: digits, checked by the shared rule (WindowCaps) as the server checks them. */
interface Row {
  maxMessages: string;
  windowDays: string;
}
type Rows = Record<CapKind, Row[]>;

const rowsOf = (caps: WindowCaps): Rows => ({
  notification: caps.notification.map((c) => ({
    maxMessages: String(c.maxMessages),
    windowDays: String(c.windowDays),
  })),
  cross: caps.cross.map((c) => ({ maxMessages: String(c.maxMessages), windowDays: String(c.windowDays) })),
});

/** What the shared rule says of the rows: the parsed caps, or each field's message (`notification.0.windowDays`). */
function check(rows: Rows, lang: MessageLang): { caps?: WindowCaps; errors: Map<string, string> } {
  const parsed = WindowCaps.safeParse(rows satisfies WindowCapsInput);
  if (parsed.success) return { caps: parsed.data, errors: new Map() };
  const errors = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!errors.has(key)) errors.set(key, localizeIssueMessage(issue.message, issue, lang));
  }
  return { errors };
}

/**
 * The app's frequency caps over any window (issue 32 §3): per kind, rows of "at most N messages in any D days", added
 * and removed by button, every field checked while typing by the rule the server applies. Beside the daily limit.
 */
export function WindowCapsCard({ appId }: { appId: number }) {
  const caps = useWindowCaps(appId);
  return (
    <Card title={<CapsTitle />} data-testid="window-caps-card">
      {caps.data ? <CapsEditor appId={appId} initial={caps.data} /> : <Skeleton active />}
    </Card>
  );
}

function CapsTitle() {
  const { t } = useTranslation();
  return <>{t('apps.details.caps.title')}</>;
}

function CapsEditor({ appId, initial }: { appId: number; initial: WindowCaps }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const save = useSetWindowCaps(appId, () => void message.success(t('apps.details.caps.saved')));
  const [rows, setRows] = useState<Rows>(() => rowsOf(initial));
  const [touched, setTouched] = useState(false);
  const lang = (i18n.language as MessageLang) || 'en';
  const { caps, errors } = useMemo(() => check(rows, lang), [rows, lang]);

  const update = (kind: CapKind, next: Row[]) => {
    setTouched(true);
    setRows((r) => ({ ...r, [kind]: next }));
  };
  const submit = () => {
    setTouched(true);
    if (!caps) {
      void message.error(t('apps.details.caps.fix'));
      return;
    }
    save.mutate(caps, { onError: (err) => void reportError(err) });
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('apps.details.caps.hint')}</Typography.Text>
      {KINDS.map((kind) => {
        const kindName = t(`apps.details.caps.${kind}`);
        const list = rows[kind];
        const listError = touched ? errors.get(kind) : undefined;
        return (
          <fieldset key={kind} style={{ border: 0, margin: 0, padding: 0 }} data-testid={`caps-${kind}`}>
            {/* a legend's default 2 px inline padding set the kind's name off the rows under it */}
            <legend style={{ padding: 0 }}>
              <Typography.Text strong>{kindName}</Typography.Text>
            </legend>
            <Flex vertical gap={8}>
              {list.length === 0 && (
                <Typography.Text type="secondary">{t('apps.details.caps.none')}</Typography.Text>
              )}
              {list.map((row, i) => {
                const n = i + 1;
                const field = (name: keyof Row) => `${kind}.${i}.${name}`;
                const maxError = touched ? errors.get(field('maxMessages')) : undefined;
                const daysError = touched ? errors.get(field('windowDays')) : undefined;
                const errorId = (name: keyof Row) => `caps-${kind}-${i}-${name}-error`;
                const set = (name: keyof Row, value: string) =>
                  update(
                    kind,
                    list.map((r, j) => (j === i ? { ...r, [name]: value.replace(/\s+/g, '') } : r)),
                  );
                return (
                  <Flex key={i} vertical gap={2}>
                    <Flex align="center" gap={8} wrap>
                      <DigitsInput
                        value={row.maxMessages}
                        onChange={(v) => set('maxMessages', v)}
                        onPressEnter={submit}
                        error={Boolean(maxError)}
                        errorId={errorId('maxMessages')}
                        label={t('apps.details.caps.maxLabel', { kind: kindName, n })}
                        width={100}
                      />
                      <Typography.Text>{t('apps.details.caps.perWindow')}</Typography.Text>
                      <DigitsInput
                        value={row.windowDays}
                        onChange={(v) => set('windowDays', v)}
                        onPressEnter={submit}
                        error={Boolean(daysError)}
                        errorId={errorId('windowDays')}
                        label={t('apps.details.caps.daysLabel', { kind: kindName, n })}
                        width={80}
                      />
                      <Typography.Text>{t('apps.details.caps.days')}</Typography.Text>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('apps.details.caps.remove', { kind: kindName, n })}
                        onClick={() =>
                          update(
                            kind,
                            list.filter((_, j) => j !== i),
                          )
                        }
                      />
                    </Flex>
                    {maxError && (
                      <Typography.Text type="danger" role="alert" id={errorId('maxMessages')}>
                        {t('apps.details.caps.maxMessages')} {maxError}
                      </Typography.Text>
                    )}
                    {daysError && (
                      <Typography.Text type="danger" role="alert" id={errorId('windowDays')}>
                        {t('apps.details.caps.windowDays')} {daysError}
                      </Typography.Text>
                    )}
                  </Flex>
                );
              })}
              {listError && (
                <Typography.Text type="danger" role="alert">
                  {listError}
                </Typography.Text>
              )}
              <div>
                <Button
                  icon={<PlusOutlined />}
                  disabled={list.length >= WINDOW_CAP_LIMITS.perKind}
                  onClick={() => update(kind, [...list, { maxMessages: '', windowDays: '' }])}
                  aria-label={`${t('apps.details.caps.add')} (${kindName})`}
                >
                  {t('apps.details.caps.add')}
                </Button>
              </div>
            </Flex>
          </fieldset>
        );
      })}
      <div>
        <Button type="primary" onClick={submit} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </Flex>
  );
}
