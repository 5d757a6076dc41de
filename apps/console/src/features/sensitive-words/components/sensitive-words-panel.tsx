import { DeleteOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Input, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SENSITIVE_PAGE_SIZE, SENSITIVE_WORD_MAX, type SensitiveWordRow } from '@beacon/shared';
import { SearchBox } from '../../../components/list-header';
import { showFormError } from '../../../lib/form-errors';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useAddSensitiveWord } from '../api/add-sensitive-word';
import { useDeleteSensitiveWords } from '../api/delete-sensitive-words';
import { useSensitiveWords, type WordListScope } from '../api/get-sensitive-words';
import { ImportWordsDialog } from './import-words-dialog';
import { formatDateTime } from '../../../lib/date-format';
import { Form } from '../../../components/form';

/**
 * One sensitive word list (the platform's, or an app's with `appId`): search, add, import from pasted text, remove
 * (one or the selected rows). `canEdit` false shows it read-only.
 */
export function SensitiveWordsPanel({ appId, canEdit = true }: WordListScope & { canEdit?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const scope: WordListScope = { appId };
  const [form] = Form.useForm<{ word: string }>();
  const [word, setWord] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const search = useDebouncedSearch(word, (next) => {
    setWord(next);
    setPage(1);
  });
  const list = useSensitiveWords(scope, { word, pageNo: page, pageSize: SENSITIVE_PAGE_SIZE });
  const add = useAddSensitiveWord(scope);
  const remove = useDeleteSensitiveWords(scope);

  const handleAdd = ({ word: value }: { word: string }) =>
    add.mutate(value, {
      onSuccess: (r) => {
        form.resetFields();
        void (r.added > 0
          ? message.success(t('sensitiveWords.added', { count: r.added }))
          : message.info(t('sensitiveWords.alreadyListed')));
      },
      onError: (error) => showFormError(form, error),
    });

  const handleRemove = (ids: number[]) =>
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected([]);
        void message.success(t('sensitiveWords.removed', { count: ids.length }));
      },
    });

  return (
    <div data-testid={appId === undefined ? 'platform-words' : 'app-words'}>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        {canEdit ? (
          <Form
            form={form}
            name={`sensitive-add-${appId ?? 'platform'}`}
            layout="inline"
            onFinish={handleAdd}
            requiredMark={false}
          >
            <Form.Item
              name="word"
              rules={[
                { required: true, whitespace: true, message: t('sensitiveWords.wordRequired') },
                {
                  max: SENSITIVE_WORD_MAX,
                  message: t('sensitiveWords.wordTooLong', { max: SENSITIVE_WORD_MAX }),
                },
              ]}
            >
              <Input
                placeholder={t('sensitiveWords.wordPlaceholder')}
                aria-label={t('sensitiveWords.word')}
                style={{ width: 220 }}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
                {t('sensitiveWords.add')}
              </Button>
            </Form.Item>
            <Form.Item>
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
                {t('sensitiveWords.importButton')}
              </Button>
            </Form.Item>
          </Form>
        ) : (
          <Typography.Text type="secondary">{t('sensitiveWords.readOnly')}</Typography.Text>
        )}
        <Flex gap={12}>
          {canEdit && selected.length > 0 && (
            <Popconfirm
              title={t('sensitiveWords.removeSelectedConfirm', { count: selected.length })}
              onConfirm={() => handleRemove(selected)}
            >
              <Button danger icon={<DeleteOutlined />}>
                {t('sensitiveWords.removeSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
          )}
          <SearchBox label={t('sensitiveWords.search')} width={220} {...search} />
        </Flex>
      </Flex>
      <Table<SensitiveWordRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.results ?? []}
        rowSelection={
          canEdit
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        locale={{ emptyText: word ? t('sensitiveWords.noMatch') : t('sensitiveWords.empty') }}
        pagination={{
          current: page,
          pageSize: SENSITIVE_PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (n) => t('sensitiveWords.total', { count: n }),
        }}
        columns={[
          {
            title: t('sensitiveWords.word'),
            dataIndex: 'word',
            sorter: (a, b) => a.word.localeCompare(b.word),
          },
          { title: t('sensitiveWords.addedBy'), dataIndex: 'createdBy', render: (v: string) => v || '—' },
          {
            title: t('sensitiveWords.addedAt'),
            dataIndex: 'createTime',
            sorter: (a, b) => a.createTime.localeCompare(b.createTime),
            render: (v: string) => formatDateTime(v),
          },
          ...(canEdit
            ? [
                {
                  title: t('sensitiveWords.actions'),
                  key: 'actions',
                  width: 100,
                  render: (_: unknown, row: SensitiveWordRow) => (
                    <Popconfirm
                      title={t('sensitiveWords.removeConfirm', { word: row.word })}
                      onConfirm={() => handleRemove([row.id])}
                    >
                      <Button
                        type="link"
                        danger
                        size="small"
                        aria-label={t('sensitiveWords.removeOne', { word: row.word })}
                      >
                        {t('sensitiveWords.remove')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <ImportWordsDialog
        scope={scope}
        open={importing}
        onClose={() => setImporting(false)}
        onDone={(added, duplicates) => {
          setImporting(false);
          void message.success(t('sensitiveWords.imported', { added, duplicates }));
        }}
      />
    </div>
  );
}
