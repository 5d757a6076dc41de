import { AuditOutlined } from '@ant-design/icons';
import { App, Card } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MessageType, REVIEW_LIMITS, type MessageActionKey, type ReviewItem } from '@beacon/shared';
import { ListHeader } from '../../../components/list-header';
import { FirstTimeEmpty } from '../../../components/first-time-empty';
import { useListFilters } from '../../../lib/list-filters';
import { useSearchParamsPatch } from '../../../lib/search-params';
import { useAppInfo } from '../../apps';
import { DataTabs, MessageDetailDialog, useCopyChoice } from '../../messages';
import { useReviews } from '../api/get-reviews';
import {
  hasReviewFilters,
  REVIEW_LIST_URL,
  reviewFilters,
  reviewFiltersPatch,
  reviewRequestOf,
  ReviewUrlRequest,
  type ReviewFilters,
} from '../lib/review-filters';
import { composePath, detailRowOf, isAbItem, mayDecide } from '../lib/review-item';
import { RejectDialog } from './reject-dialog';
import { ReviewDialog } from './review-dialog';
import { ReviewFiltersBar } from './review-filters';
import { ReviewTable } from './review-table';
import { RunDialog } from './run-dialog';
import { appPath } from '../../../lib/paths';

/** What is open over the list: one item's review, run or reject dialog. */
type Open = { kind: 'review' | 'run' | 'reject'; item: ReviewItem };

/**
 * data/review (spec part 2 §2, §4 Review): the app's messages waiting for review (11) or rejected (12), filters and
 * page in the URL, 10 a page; reviewers (100, 200, 300) run or reject, everyone sees the detail, copies, edits and
 * deletes. A reviewer's mail link (`?msgId=…&msgType=…`) filters the list to that message and opens its review.
 */
export function ReviewsScreen({ appId }: { appId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copyChoice = useCopyChoice();
  const navigate = useNavigate();
  const [search, patchSearch] = useSearchParamsPatch();
  const { filters: read, update } = useListFilters(ReviewUrlRequest, REVIEW_LIST_URL);
  const filters = reviewFilters(read);
  const info = useAppInfo(appId);
  const level = info.data?.projectLevel ?? 0;
  const list = useReviews(appId, reviewRequestOf(filters));
  const rows = list.data?.results ?? [];
  const [open, setOpen] = useState<Open>();
  const [detail, setDetail] = useState<ReviewItem>();
  const close = () => setOpen(undefined);

  const apply = (next: ReviewFilters) => update(reviewFiltersPatch(next));
  const compose = (item: ReviewItem, act: 'edit' | 'copy', keepMaterial: boolean) =>
    void navigate(composePath(appId, item, act, keepMaterial));
  const openAction = (item: ReviewItem, key: MessageActionKey) => {
    if (key === 'detail') {
      // an A/B test's detail is on the A/B list (its arms, significance)
      if (isAbItem(item)) void navigate(appPath(appId, 'data/abtest'));
      // a journey's detail is its canvas, where a reviewer decides (canvas dialog modes 4 and 6)
      else if (item.msgType === MessageType.CANVAS)
        void navigate(appPath(appId, 'message/editcanvas', { id: item.msgId, act: 'view' }));
      else setDetail(item);
    } else if (key === 'edit') {
      compose(item, 'edit', true);
    } else if (key === 'copy') {
      // spec §4 Review: copying an item linked to a material asks whether the copy keeps the link
      copyChoice(item.materialId, (keep) => compose(item, 'copy', keep));
    }
  };

  // the mail link: once the list filtered by its msgId is in, open that item's review (or its detail) and forget the link
  const linkType = search.get('msgType');
  const linked = useRef('');
  const linkReady =
    linkType !== null && info.data !== undefined && list.data !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (!linkReady) return;
    const key = `${filters.msgId}:${linkType}`;
    if (linked.current === key) return;
    linked.current = key;
    patchSearch({ msgType: undefined }, { replace: true });
    if (!filters.msgId) return;
    const item = rows.find((r) => String(r.msgId) === filters.msgId);
    if (!item) {
      void message.info(t('reviews.link.missing', { id: filters.msgId }));
      return;
    }
    if (mayDecide(item, level)) setOpen({ kind: 'review', item });
    else openAction(item, 'detail');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link, when its list is in
  }, [linkReady]);

  const firstTime =
    !list.isPending && !list.isError && rows.length === 0 && !hasReviewFilters(filters) && filters.page === 1;

  return (
    <Card variant="borderless">
      <ListHeader
        wrap
        title={t('messages.title')}
        subtitle={t('reviews.subtitle')}
        style={{ marginBottom: 8 }}
      />
      <DataTabs appId={appId} current="review">
        {firstTime ? (
          <FirstTimeEmpty
            testId="reviews-empty"
            icon={AuditOutlined}
            title={t('reviews.empty.title')}
            text={t('reviews.empty.text')}
          />
        ) : (
          <>
            <ReviewFiltersBar
              value={filters}
              onSearch={apply}
              showStatus={info.data?.reviewEnable === true}
            />
            <ReviewTable
              appId={appId}
              rows={rows}
              total={list.data?.total ?? 0}
              page={filters.page}
              pageSize={REVIEW_LIMITS.pageSize}
              tz={filters.tz}
              loading={list.isPending}
              projectLevel={level}
              emptyText={t(hasReviewFilters(filters) ? 'reviews.empty.noMatch' : 'reviews.empty.title')}
              onPageChange={(page) => apply({ ...filters, page })}
              onRun={(item) => setOpen({ kind: 'run', item })}
              onReject={(item) => setOpen({ kind: 'reject', item })}
              onOpen={openAction}
            />
          </>
        )}
      </DataTabs>
      {open?.kind === 'review' && (
        <ReviewDialog
          item={open.item}
          projectLevel={level}
          dmpEnable={info.data?.commercialEnable ?? false}
          tz={filters.tz}
          onRun={() => setOpen({ kind: 'run', item: open.item })}
          onReject={() => setOpen({ kind: 'reject', item: open.item })}
          onOpen={(key) => openAction(open.item, key)}
          onClose={close}
        />
      )}
      {open?.kind === 'run' && (
        <RunDialog key={open.item.msgId} appId={appId} item={open.item} onClose={close} />
      )}
      {open?.kind === 'reject' && (
        <RejectDialog key={open.item.msgId} appId={appId} item={open.item} onClose={close} />
      )}
      <MessageDetailDialog
        appId={appId}
        row={detail ? detailRowOf(detail) : undefined}
        onClose={() => setDetail(undefined)}
      />
    </Card>
  );
}
