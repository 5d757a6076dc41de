import { App, Checkbox, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCodes, type MessageSaveInput, ScheduleType, TargetingType } from '@beacon/shared';
import { reportError } from '../../lib/error-reporter';
import { useEditorPorts } from '../ports';
import { useSendTestPreview } from '../api/send-test-preview';
import { Violations } from './violations';
import { appPath } from '../../lib/paths';

interface TestPreviewDialogProps {
  appId: number;
  open: boolean;
  /** The message as it would be saved; the dialog turns it into a test send to the chosen devices. */
  payload: MessageSaveInput;
  onClose: () => void;
}

/** A test send to the app's valid test devices now (setPreviewGAID: device ids, schedule now), with 60003 handling. */
export function TestPreviewDialog({ appId, open, payload, onClose }: TestPreviewDialogProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { useTestDevices } = useEditorPorts();
  const devices = useTestDevices(appId, { keyword: '', pageNo: 1, pageSize: 100 });
  const send = useSendTestPreview();
  const valid = (devices.data?.results ?? []).filter((d) => d.valid === 1);
  const [picked, setPicked] = useState<string[] | undefined>();
  const chosen = picked ?? valid.map((d) => d.gaid);

  const submit = async (force = false) => {
    const { timeToLive: _ttl, scheduleDate: _date, groupId: _group, ...rest } = payload;
    const body: MessageSaveInput = {
      ...rest,
      title:
        payload.title ||
        (typeof payload.data.noti_title === 'string' ? payload.data.noti_title.slice(0, 100) : '') ||
        t('compose.testPreview.defaultTitle'),
      targetingType: TargetingType.DEVICES,
      conditions: [],
      userIds: chosen,
      pushCount: chosen.length,
      targetCount: chosen.length,
      scheduleType: ScheduleType.NOW,
      speedLimit: 0,
      ...(force ? { forceCreate: true } : {}),
    };
    try {
      const answer = await send.mutateAsync({ appId, payload: body });
      if (answer.status === ErrorCodes.CONTENT_NEEDS_REVIEW) {
        modal.confirm({
          title: t('compose.violations.title'),
          content: createElement(Violations, { data: answer.data }),
          okText: t('compose.violations.force'),
          onOk: () => submit(true),
        });
        return;
      }
      if (answer.status !== ErrorCodes.SUCCESS) {
        void message.error(answer.msg || t('compose.testPreview.failed'));
        return;
      }
      void message.success(t('compose.testPreview.sent', { count: chosen.length }));
      onClose();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('compose.testPreview.title')}
      okText={t('compose.testPreview.send')}
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={send.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {devices.isLoading ? (
        <Spin />
      ) : valid.length === 0 ? (
        <Empty
          description={
            <>
              {t('compose.testPreview.none')}{' '}
              <Link to={appPath(appId, 'config/device')}>{t('compose.testPreview.manage')}</Link>
            </>
          }
        />
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('compose.testPreview.intro')}</Typography.Text>
          <Checkbox.Group
            value={chosen}
            onChange={(v) => setPicked(v)}
            style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
          >
            {valid.map((d) => (
              <Checkbox key={d.id} value={d.gaid}>
                {d.name}{' '}
                <Typography.Text type="secondary" style={{ fontFamily: 'monospace', fontSize: 12 }}>
                  {d.gaid}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Flex>
      )}
    </Modal>
  );
}
