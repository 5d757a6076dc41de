import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { type MaterialRow } from '@beacon/shared';
import { RowMenu, type RowActionCall } from '../../../components/row-menu';
import { useChangeMaterial, type MaterialChange } from '../api/change-material';
import { unusable, type MaterialAction } from '../lib/material-access';

interface MaterialRowMenuProps {
  appId: number;
  row: MaterialRow;
  actions: readonly MaterialAction[];
  /** Create message, report, copy and edit: the screen's own. */
  onOpen: (row: MaterialRow, key: MaterialAction) => void;
}

/**
 * A change's call as the row menu runs it (after its confirmation): "done" when it succeeds (a failure alerts). A
 * delete's message offers Undo and says where the material went: the recycle bin, whose restore a new user did not
 * find.
 */
function useChangeCall(change: MaterialChange): RowActionCall {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const restore = useChangeMaterial('restore', {
    mutationConfig: { onSuccess: () => void message.success(t('materials.done.restore')) },
  });
  const mutation = useChangeMaterial(change, {
    mutationConfig: {
      onSuccess: (_data, target) => {
        if (change !== 'delete') return void message.success(t(`materials.done.${change}`));
        const key = `material-deleted-${target.materialId}`;
        void message.success({
          key,
          duration: 8,
          content: (
            <span data-testid="material-deleted">
              {t('materials.done.deleteRestorable')}{' '}
              <Button
                type="link"
                size="small"
                data-testid="material-undo-delete"
                onClick={() => {
                  message.destroy(key);
                  restore.mutate(target);
                }}
              >
                {t('materials.done.undo')}
              </Button>
            </span>
          ),
        });
      },
    },
  });
  return {
    mutateAsync: ({ appId, msgId }) => mutation.mutateAsync({ appId, materialId: msgId }),
    isPending: mutation.isPending,
  };
}

/**
 * A material's row menu (spec §2 Material): create message (a material that is not passed says why it cannot be
 * used), report, copy, edit, and the changes that ask first — delete (to the recycle bin), restore, delete for good.
 */
export function MaterialRowMenu({ appId, row, actions, onOpen }: MaterialRowMenuProps) {
  const { t } = useTranslation();
  const calls = {
    delete: useChangeCall('delete'),
    restore: useChangeCall('restore'),
    purge: useChangeCall('purge'),
    auditPurge: useChangeCall('auditPurge'),
  };
  const why = unusable(row);
  return (
    <RowMenu<MaterialAction>
      appId={appId}
      msgId={row.materialId}
      title={row.title}
      actions={actions}
      calls={calls}
      labels="materials.actions"
      confirmText="materials.confirm"
      danger={['delete', 'purge', 'auditPurge']}
      disabled={why ? { compose: t(`materials.unusable.${why}`, { reason: row.rejectReason }) } : {}}
      onOpen={(key) => onOpen(row, key)}
      testId={`material-menu-${row.materialId}`}
    />
  );
}
