import { useTranslation } from 'react-i18next';
import { type JourneyOutcome, type JourneyWait } from '@beacon/shared';

/** The words of a branch: its outcome and its wait ("after 2 days", "at 09:30"). */
export function useBranchText() {
  const { t } = useTranslation();
  const outcome = (o: JourneyOutcome) => t(`journeys.outcomes.${o}`);
  const wait = (w: JourneyWait) =>
    w.unit === 'at'
      ? t('journeys.wait.atTime', { time: w.time })
      : t(`journeys.wait.${w.unit}`, { count: w.value });
  return { outcome, wait };
}
