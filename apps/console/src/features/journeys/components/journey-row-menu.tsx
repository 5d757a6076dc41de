import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type JourneyRow } from '@beacon/shared';
import { RowMenu } from '../../../components/row-menu';
import { reportError } from '../../../lib/error-reporter';
import { useDeleteJourney } from '../api/delete-journey';
import { useRecalcJourney } from '../api/recalc-journey';
import { useStopJourney } from '../api/stop-journey';
import { journeyActions, type JourneyAction } from '../lib/journey-status';
import { appPath } from '../../../lib/paths';

/** The mutation config of a row action: "done" when it succeeds, the error reporter when it fails. */
function useFeedback() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (key: JourneyAction) => ({
    mutationConfig: {
      onSuccess: () => void message.success(t(`journeys.done.${key}`)),
      onError: (error: Error) => void reportError(error),
    },
  });
}

interface JourneyRowMenuProps {
  appId: number;
  row: JourneyRow;
  onConfirm: (row: JourneyRow) => void;
}

/**
 * A journey's row menu by its status (docs/journeys.md): view, edit (18, 20), copy, confirm (18), reload the
 * estimate (20), and, asked first, stop (0, 2, 4) and delete.
 */
export function JourneyRowMenu({ appId, row, onConfirm }: JourneyRowMenuProps) {
  const navigate = useNavigate();
  const feedback = useFeedback();
  const calls = { stop: useStopJourney(feedback('stop')), delete: useDeleteJourney(feedback('delete')) };
  const recalc = useRecalcJourney(feedback('reload'));
  const open = (key: JourneyAction) => {
    if (key === 'confirm') onConfirm(row);
    else if (key === 'reload') recalc.mutate({ appId, msgId: row.msgId });
    else if (key === 'view' || key === 'edit' || key === 'copy')
      void navigate(appPath(appId, 'message/editcanvas', { id: row.msgId, act: key }));
  };
  return (
    <RowMenu<JourneyAction>
      appId={appId}
      msgId={row.msgId}
      title={row.title}
      actions={journeyActions(row.status)}
      calls={calls}
      labels="journeys.actions"
      confirmText="journeys.confirmAction"
      danger={['stop', 'delete']}
      onOpen={open}
      testId={`journey-menu-${row.msgId}`}
    />
  );
}
