import { ApartmentOutlined, PlusOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface EditorToolbarProps {
  canAdd: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onAdd: () => void;
  onLayout: () => void;
  onUndo: () => void;
  onRedo: () => void;
}

/** The canvas's tools: add a step (after the selected one), lay out, undo and redo (zoom and fit: the canvas's own). */
export function EditorToolbar(props: EditorToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap data-testid="editor-toolbar">
      <Tooltip title={t('journeys.toolbar.addHint')}>
        <Button icon={<PlusOutlined />} onClick={props.onAdd} disabled={!props.canAdd} data-testid="add-step">
          {t('journeys.toolbar.add')}
        </Button>
      </Tooltip>
      <Button icon={<ApartmentOutlined />} onClick={props.onLayout} data-testid="auto-layout">
        {t('journeys.toolbar.layout')}
      </Button>
      <Tooltip title="Ctrl+Z">
        <Button
          icon={<UndoOutlined />}
          onClick={props.onUndo}
          disabled={!props.canUndo}
          aria-label={t('journeys.toolbar.undo')}
          data-testid="undo"
        />
      </Tooltip>
      <Tooltip title="Ctrl+Shift+Z">
        <Button
          icon={<RedoOutlined />}
          onClick={props.onRedo}
          disabled={!props.canRedo}
          aria-label={t('journeys.toolbar.redo')}
          data-testid="redo"
        />
      </Tooltip>
    </Flex>
  );
}
