import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  digitsOrEmpty,
  DEFAULT_TZ,
  searchedFilters,
  type CrossKind,
  type MessageListFilters,
} from '../lib/list-filters';
import { DateRangeFilter, ZoneFilter } from './range-filters';
import { type FilterDraft } from '../../../lib/list-filters';

interface MessageFiltersProps {
  onSearch: (next: MessageListFilters) => void;
  /** The cross list: a kind filter (all, transparent, pull-up) instead of the material id. */
  cross?: boolean;
  /** The fields as typed, kept by the screen (its export takes the filters the bar shows). */
  draft: FilterDraft<MessageListFilters>;
}

/** The list's search fields (as typed: `draft`); they apply on Search (or Enter), and the URL keeps them. */
export function MessageFilters({ onSearch, cross = false, draft: { draft, set } }: MessageFiltersProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();

  const digits = (key: 'msgId' | 'materialId', raw: string) => {
    const clean = digitsOrEmpty(raw);
    if (raw.trim() && !clean)
      void message.warning(
        t(key === 'msgId' ? 'messages.filters.msgIdDigits' : 'messages.filters.materialIdDigits'),
      );
    set({ [key]: clean });
  };
  const submit = () => onSearch(searchedFilters(draft));
  const onEnter = { onPressEnter: submit };

  return (
    <Flex wrap gap={12} role="search" data-testid="message-filters" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        placeholder={t('messages.filters.title')}
        aria-label={t('messages.filters.title')}
        value={draft.title}
        onChange={(e) => set({ title: e.target.value })}
        style={{ width: 180 }}
        {...onEnter}
      />
      <Input
        allowClear
        placeholder={t('messages.filters.ownerEmail')}
        aria-label={t('messages.filters.ownerEmail')}
        value={draft.ownerEmail}
        onChange={(e) => set({ ownerEmail: e.target.value })}
        style={{ width: 200 }}
        {...onEnter}
      />
      <DateRangeFilter begin={draft.begin} end={draft.end} onChange={(begin, end) => set({ begin, end })} />
      <ZoneFilter value={draft.tz} onChange={(tz) => set({ tz })} />
      <Input
        allowClear
        placeholder={t('messages.filters.msgId')}
        aria-label={t('messages.filters.msgId')}
        value={draft.msgId}
        inputMode="numeric"
        onChange={(e) => set({ msgId: e.target.value })}
        onBlur={(e) => digits('msgId', e.target.value)}
        onPressEnter={(e) => {
          const clean = digitsOrEmpty(e.currentTarget.value);
          digits('msgId', e.currentTarget.value);
          onSearch({ ...draft, msgId: clean, page: 1 });
        }}
        style={{ width: 130 }}
        data-testid="filter-msgid"
      />
      {cross ? (
        <Select<CrossKind>
          aria-label={t('messages.filters.kind')}
          value={draft.kind}
          onChange={(kind) => set({ kind })}
          options={[
            { value: '', label: t('messages.filters.kinds.all') },
            { value: 'cross', label: t('messages.filters.kinds.cross') },
            { value: 'pullup', label: t('messages.filters.kinds.pullup') },
          ]}
          style={{ width: 150 }}
          data-testid="filter-kind"
        />
      ) : (
        <Input
          allowClear
          placeholder={t('messages.filters.materialId')}
          aria-label={t('messages.filters.materialId')}
          value={draft.materialId}
          inputMode="numeric"
          onChange={(e) => set({ materialId: e.target.value })}
          onBlur={(e) => digits('materialId', e.target.value)}
          style={{ width: 130 }}
          {...onEnter}
        />
      )}
      <Button type="primary" icon={<SearchOutlined />} onClick={submit}>
        {t('messages.filters.search')}
      </Button>
      <Button
        onClick={() =>
          onSearch({
            title: '',
            ownerEmail: '',
            begin: '',
            end: '',
            tz: DEFAULT_TZ,
            msgId: '',
            materialId: '',
            kind: '',
            page: 1,
          })
        }
      >
        {t('messages.filters.reset')}
      </Button>
    </Flex>
  );
}
