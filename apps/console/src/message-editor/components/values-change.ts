import { type FormInstance } from 'antd';
import { ScheduleType } from '@beacon/shared';
import { type ComposeValues } from '../lib/compose-values';

/**
 * What a change to the content or the schedule clears or sets (part 2 §4): a new design clears the icon, button and
 * expanded view (a system design gets the default small icon back) and says so through `onDesignCleared`; a new
 * expanded type clears its text and picture (and, for a picture, the optional icon); no small icon, no colour; local
 * time sends in +0000, the other types in the app's zone.
 */
export function applyContentChange(
  form: FormInstance<ComposeValues>,
  changed: Partial<ComposeValues>,
  options: { defaultIcon: { icon: string; color: string }; serverUTC: string; onDesignCleared: () => void },
): void {
  if (changed.design !== undefined) {
    const system = changed.design === 1;
    form.setFieldsValue({
      icon: '',
      button: '',
      smallIcon: system ? options.defaultIcon.icon : '',
      smallIconColor: system ? options.defaultIcon.color : '',
      exType: 1,
      exText: '',
      exImage: '',
      optionalIcon: '',
    });
    options.onDesignCleared();
  }
  if (changed.exType !== undefined)
    form.setFieldsValue({ exText: '', exImage: '', ...(changed.exType === 3 ? { optionalIcon: '' } : {}) });
  if (changed.smallIcon === '') form.setFieldValue('smallIconColor', '');
  if (changed.scheduleType !== undefined)
    form.setFieldValue(
      'scheduleUTC',
      changed.scheduleType === ScheduleType.LOCAL_TIME ? '+0000' : options.serverUTC,
    );
}
