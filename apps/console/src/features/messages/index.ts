// What other features use of this one; they import it from here only (eslint.config.js, docs/architecture.md).
export { StatusTag } from './components/status-tag';
export { ForecastTable, type CountedSend } from './components/forecast-table';
export { DataTabs, type DataTab } from './components/data-tabs';
export { formatCount, formatRate, lossName, rowPushTime, zonedTime } from './lib/format';
export { DEFAULT_TZ, digitsOrEmpty } from './lib/list-filters';
export { LIST_REFRESH_MS, needsRefresh, refreshInterval, showsDashes } from './lib/message-status';
export { rowActions, scheduleInstant, type RowActionKey } from './lib/row-actions';
export { messagesQueryKey } from './api/get-messages';
export { useCancelMessage } from './api/cancel-message';
export { useStopMessage } from './api/stop-message';
export { useRecallMessage } from './api/recall-message';
export { MessageDetailDialog } from './components/message-detail-dialog';
export { useDeleteMessage } from './api/delete-message';
export { useCopyChoice } from './components/use-copy-choice';
export { DateRangeFilter, ZoneFilter } from './components/range-filters';
export { GroupTag } from './components/group-tag';
export { ParentListScreen, useParentList, type ParentTableProps } from './components/parent-list-screen';
export { figureColumns, isRateKey, type FigureKey } from './components/figure-columns';
