import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The copy of a message (part 2 §2 detail, §4 Review): one linked to a material first asks whether the copy keeps
 * the link; `copy` then runs with the answer (false at once for a message without a material).
 */
export function useCopyChoice() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (materialId: number | null, copy: (keepMaterial: boolean) => void): void => {
    if (materialId === null) return copy(false);
    void modal.confirm({
      title: t('messages.copyLink.title'),
      content: t('messages.copyLink.text', { id: materialId }),
      okText: t('messages.copyLink.keep'),
      cancelText: t('messages.copyLink.drop'),
      onOk: () => copy(true),
      onCancel: () => copy(false),
    });
    return undefined;
  };
}
