import { ExperimentOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, type FormInstance, type FormProps } from 'antd';
import { type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppInfo, type MessageSaveInput, waitsForReview } from '@beacon/shared';
import { type MessageKind } from '../lib/message-kind';
import { CrossPanel } from './cross-panel';
import { FlowForbiddenDialog, type ForbiddenFlow } from './forbidden-dialog';
import { PreviewPanel } from './preview-panel';
import { TestPreviewDialog } from './test-preview-dialog';
import { Form } from '../../components/form';

const SCROLL = { behavior: 'smooth', block: 'center', focus: true } as const;

export interface MessageFormShellProps<V> {
  form: FormInstance<V>;
  initialValues: FormProps<V>['initialValues'];
  onValuesChange: FormProps<V>['onValuesChange'];
  /** The submit button's action (after the fields' own rules passed; else the first error scrolls into view). */
  onFinish?: () => void;
  testId?: string;
  /**
   * The sticky card beside the sections — the notification's live preview or the cross card — with the Test button
   * (`onTest`) and the form's `actions` under it. Without one (the A/B test) the children stand alone, in no <form>
   * element of the shell's: its arms are forms of their own.
   */
  side?: { kind: MessageKind; appName: string; onTest: () => void; actions: ReactNode } | undefined;
  /** The sections. */
  children: ReactNode;
  /** The form's confirmation dialog while it is open. */
  confirm?: ReactNode;
  /** The save flow whose forbidden-send answer (201/202) opens the forbidden dialog. */
  flow?: ForbiddenFlow;
  /** The test preview of `payload` while it is set. */
  testing: { appId: number; payload: MessageSaveInput | undefined; onClose: () => void };
}

/**
 * The shell the message forms (compose, A/B test, material) share: the vertical form with its required marks, its
 * first error scrolled to; the sections beside the sticky side card holding the actions; then the dialogs — the form's
 * confirmation, the forbidden-send answer of its save flow and the test preview.
 */
export function MessageFormShell<V>({
  form,
  initialValues,
  onValuesChange,
  onFinish,
  testId,
  side,
  children,
  confirm,
  flow,
  testing,
}: MessageFormShellProps<V>) {
  const { t } = useTranslation();
  const actions = side && (
    <>
      <Button icon={<ExperimentOutlined />} onClick={side.onTest} block>
        {t('compose.actions.test')}
      </Button>
      {side.actions}
    </>
  );
  return (
    <Form<V>
      form={form}
      {...(side ? {} : { component: false as const })}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0];
        if (first) form.scrollToField(first.name, SCROLL);
      }}
      requiredMark
      data-testid={testId}
    >
      {side ? (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) 300px',
            gap: 24,
            alignItems: 'start',
          }}
        >
          <Flex vertical gap={16}>
            {children}
          </Flex>
          {side.kind === 'notification' ? (
            <PreviewPanel appId={testing.appId} appName={side.appName}>
              {actions}
            </PreviewPanel>
          ) : (
            <CrossPanel kind={side.kind}>{actions}</CrossPanel>
          )}
        </div>
      ) : (
        children
      )}
      {confirm}
      {flow && <FlowForbiddenDialog flow={flow} />}
      {testing.payload && (
        <TestPreviewDialog appId={testing.appId} open payload={testing.payload} onClose={testing.onClose} />
      )}
    </Form>
  );
}

/**
 * A message's create/edit button (its save flow's busy and done states), or, once the daily limit is reached, the
 * note in its place. `onClick` for a form that does not submit itself; without, it submits the form.
 */
export function SendButton({
  flow,
  editing,
  checking = false,
  onClick,
  block = false,
}: {
  flow: { saving: boolean; saved: boolean; dailyLimit: boolean };
  editing: boolean;
  /** The checks before the confirmation are running. */
  checking?: boolean;
  onClick?: () => void;
  block?: boolean;
}) {
  const { t } = useTranslation();
  if (flow.dailyLimit)
    return <Alert type="error" showIcon title={t('compose.dailyLimit')} data-testid="daily-limit" />;
  return (
    <Button
      type="primary"
      htmlType={onClick ? 'button' : 'submit'}
      icon={<SendOutlined />}
      block={block}
      size="large"
      loading={flow.saving || checking}
      disabled={flow.saved}
      onClick={onClick}
    >
      {editing ? t('compose.actions.edit') : t('compose.actions.create')}
    </Button>
  );
}

/** The note that the app's messages wait for review (its operator's, or a tester's), when they do. */
export function ReviewNote({ app, style }: { app: AppInfo; style?: CSSProperties }) {
  const { t } = useTranslation();
  if (!waitsForReview(app, app.projectLevel)) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={style}
      title={t(app.projectLevel === 400 ? 'compose.review.operator' : 'compose.review.tester')}
    />
  );
}
